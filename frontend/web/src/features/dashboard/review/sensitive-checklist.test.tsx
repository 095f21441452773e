import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { approveBody, checklistDone, EMPTY_CHECKLIST, SensitiveChecklist, type Checklist } from './sensitive-checklist';

function Harness({ sensitive }: { sensitive: ('namesPerson' | 'mentionsChild' | 'healthAddictionAbuse')[] }) {
  const [value, setValue] = useState<Checklist>(EMPTY_CHECKLIST);
  const story = { sensitive };
  return (
    <>
      <SensitiveChecklist story={story} value={value} onChange={setValue} />
      <button type="button" disabled={!checklistDone(story, value)}>
        Approve
      </button>
      <output>{JSON.stringify(approveBody(story, value))}</output>
    </>
  );
}

describe('the sensitive-content checklist', () => {
  it('shows nothing and lets a plain story be approved without a body', () => {
    render(<Harness sensitive={[]} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('null');
  });

  it('shows a banner and holds approval until both items are confirmed', async () => {
    render(<Harness sensitive={['mentionsChild']} />);
    expect(screen.getByRole('note')).toHaveTextContent('Sensitive: the author says this story mentions a child.');
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Other people named have agreed, or are not identifiable' }),
    );
    expect(approve).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'No child is identifiable' }));
    expect(approve).toBeEnabled();
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      checklist: { othersAgreedOrUnidentifiable: true, noChildIdentifiable: true },
    });
  });
});
