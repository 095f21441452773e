import { describe, expect, it } from 'vitest';
import type { ConsentRecordDto } from '@grace-stories/sdk/react';
import { consentLine } from './story-consent';

const record = (over: Partial<ConsentRecordDto>): ConsentRecordDto => ({
  id: 1,
  storyId: 7,
  storyTitle: 'Grace',
  personId: 'u1',
  recordedBy: 'u1',
  statementVersion: 2,
  kind: 'given',
  site: true,
  social: false,
  widget: false,
  reason: null,
  at: '2026-03-03T10:00:00Z',
  ...over,
});

describe('the consent line on My Stories', () => {
  it('says nothing without a record', () => {
    expect(consentLine(undefined)).toBeNull();
  });

  it('names what the author agreed to', () => {
    expect(consentLine(record({ widget: true }))).toMatch(/^You agreed on .+ to: this site, the widget\.$/);
    expect(consentLine(record({ social: true, widget: true }))).toContain('this site, social media, the widget');
  });

  it('says when consent was withdrawn, and what a story from before consent counts for', () => {
    expect(consentLine(record({ kind: 'withdrawn', site: false }))).toMatch(/^You withdrew your consent on /);
    expect(consentLine(record({ kind: 'legacy' }))).toBe(
      'Shared before consent was recorded: counts for this site only.',
    );
  });
});
