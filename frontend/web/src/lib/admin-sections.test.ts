import { abilitiesOf } from '@/test/users';
import {
  ADMIN_SECTIONS,
  dashboardIsAdminArea,
  findScreen,
  isAdminAddress,
  firstAddress,
  screenAddress,
  visibleSections,
  type AdminSection,
} from './admin-sections';

/** "Section: Screen, Screen" for each section a person sees, in sidebar order. */
function map(sections: AdminSection[]): string[] {
  return sections.map((s) => `${s.title}: ${s.screens.map((screen) => screen.label).join(', ')}`);
}

describe('the admin area map', () => {
  it('gives the super admin every section, grouped as documented', () => {
    expect(map(visibleSections(abilitiesOf('super_admin', true)))).toEqual([
      'People: Pending Users, All Users',
      'Moderation: Pending Stories, Edits, Pending Comments',
      'Content: Content Management',
      'Mail and sharing: Help Inbox, Mail Outbox, Social Posts, Subscribers',
      'Site: Site Settings, Backups, API Tokens, Activity Log, Change Password',
      'My account: Subscription',
    ]);
  });

  it('gives the sub admin and the admin the review queues, the content tools and their own account', () => {
    for (const role of ['sub_admin', 'admin'] as const) {
      expect(map(visibleSections(abilitiesOf(role, true)))).toEqual([
        'Moderation: Pending Stories, Edits, Pending Comments',
        'Content: Content Management',
        'My account: Profile Settings, Security, API Tokens, Subscription',
      ]);
    }
  });

  it('gives an approved primary contributor only the comment queue', () => {
    expect(map(visibleSections(abilitiesOf('primary_contributor', true)))).toEqual(['Moderation: Pending Comments']);
  });

  it('gives nothing to members, regular contributors and anyone unapproved', () => {
    for (const [role, approved] of [
      ['member', true],
      ['regular_contributor', true],
      ['primary_contributor', false],
      ['member', false],
    ] as const) {
      expect(visibleSections(abilitiesOf(role, approved))).toEqual([]);
      expect(firstAddress(abilitiesOf(role, approved))).toBeNull();
    }
  });

  it('decides from the abilities alone, not the role', () => {
    // A role the map has never heard of, with the abilities of a reviewer.
    expect(map(visibleSections(['review_stories', 'moderate_comments']))).toEqual([
      'Moderation: Pending Stories, Edits, Pending Comments',
      'Content: Content Management',
      'My account: Profile Settings, Security, API Tokens, Subscription',
    ]);
    // Backups follow their own ability.
    expect(map(visibleSections(['manage_backups']))).toEqual(['Site: Backups']);
    expect(map(visibleSections(['manage_subscribers']))).toEqual(['Mail and sharing: Subscribers']);
  });

  it('gives every screen an address of its own under its section', () => {
    const addresses = ADMIN_SECTIONS.flatMap((section) =>
      section.screens.map((screen) => {
        expect(screen.id.startsWith(`${section.slug}/`)).toBe(true);
        return screenAddress(screen);
      }),
    );
    expect(addresses).toEqual([
      '/dashboard/people/pending',
      '/dashboard/people/all',
      '/dashboard/moderation/stories',
      '/dashboard/moderation/edits',
      '/dashboard/moderation/comments',
      '/dashboard/content/tools',
      '/dashboard/mail/help-inbox',
      '/dashboard/mail/outbox',
      '/dashboard/mail/social',
      '/dashboard/mail/subscribers',
      '/dashboard/site/settings',
      '/dashboard/site/backups',
      '/dashboard/site/tokens',
      '/dashboard/site/activity',
      '/dashboard/site/password',
      '/dashboard/account/profile',
      '/dashboard/account/security',
      '/dashboard/account/tokens',
      '/dashboard/account/subscription',
    ]);
  });

  it('opens the first screen each person may use', () => {
    expect(firstAddress(abilitiesOf('super_admin', true))).toBe('/dashboard/people/pending');
    expect(firstAddress(abilitiesOf('sub_admin', true))).toBe('/dashboard/moderation/stories');
    expect(firstAddress(abilitiesOf('primary_contributor', true))).toBe('/dashboard/moderation/comments');
  });

  it('makes the admin area the dashboard of reviewers and people managers only', () => {
    expect(dashboardIsAdminArea(abilitiesOf('super_admin', true))).toBe(true);
    expect(dashboardIsAdminArea(abilitiesOf('sub_admin', true))).toBe(true);
    expect(dashboardIsAdminArea(abilitiesOf('primary_contributor', true))).toBe(false);
    expect(dashboardIsAdminArea(abilitiesOf('member', true))).toBe(false);
  });

  it('reads an address as a screen, a section, a refusal or nothing', () => {
    const sub = abilitiesOf('sub_admin', true);
    expect(findScreen(sub, 'moderation', 'edits')).toMatchObject({ kind: 'screen', screen: { label: 'Edits' } });
    expect(findScreen(sub, 'moderation', undefined)).toMatchObject({
      kind: 'section',
      first: '/dashboard/moderation/stories',
    });
    expect(findScreen(sub, 'people', undefined)).toMatchObject({ kind: 'section', first: null });
    expect(findScreen(sub, 'people', 'pending')).toMatchObject({ kind: 'refused', screen: { label: 'Pending Users' } });
    expect(findScreen(sub, 'people', 'nobody')).toEqual({ kind: 'unknown' });
    expect(findScreen(sub, 'nowhere', undefined)).toEqual({ kind: 'unknown' });
  });

  it('knows the addresses under /dashboard, whoever asks', () => {
    expect(isAdminAddress(undefined, undefined)).toBe(true);
    expect(isAdminAddress('people', undefined)).toBe(true);
    expect(isAdminAddress('people', 'pending')).toBe(true);
    expect(isAdminAddress('people', 'stories')).toBe(false);
    expect(isAdminAddress('elsewhere', undefined)).toBe(false);
  });
});
