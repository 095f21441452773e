//! A story its author marked sensitive reaches reviewers with a banner and a short checklist,
//! which approval requires (docs/decisions/privacy.md).
import type { ApproveStoryBody, PendingStoryDto, SensitiveDto } from '@grace-stories/sdk/react';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

export type Checklist = { othersAgreedOrUnidentifiable: boolean; noChildIdentifiable: boolean };

export const EMPTY_CHECKLIST: Checklist = { othersAgreedOrUnidentifiable: false, noChildIdentifiable: false };

const TOPICS: Record<SensitiveDto, string> = {
  namesPerson: 'names another person',
  mentionsChild: 'mentions a child',
  healthAddictionAbuse: 'describes health, addiction or abuse',
};

const ITEMS: { key: keyof Checklist; label: string }[] = [
  { key: 'othersAgreedOrUnidentifiable', label: 'Other people named have agreed, or are not identifiable' },
  { key: 'noChildIdentifiable', label: 'No child is identifiable' },
];

/** Whether the story may be approved with this checklist. */
export function checklistDone(story: Pick<PendingStoryDto, 'sensitive'>, value: Checklist): boolean {
  return story.sensitive.length === 0 || (value.othersAgreedOrUnidentifiable && value.noChildIdentifiable);
}

/** The approve request: the checklist for a sensitive story, nothing otherwise. */
export function approveBody(story: Pick<PendingStoryDto, 'sensitive'>, value: Checklist): ApproveStoryBody {
  return story.sensitive.length > 0 ? { checklist: value } : null;
}

export function SensitiveChecklist({
  story,
  value,
  onChange,
}: {
  story: Pick<PendingStoryDto, 'sensitive'>;
  value: Checklist;
  onChange: (next: Checklist) => void;
}) {
  const id = useId();
  if (story.sensitive.length === 0) return null;
  return (
    <div role="note" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4" />
        Sensitive: the author says this story {story.sensitive.map((t) => TOPICS[t]).join(', ')}.
      </p>
      {ITEMS.map(({ key, label }) => (
        <div key={key} className="flex items-start gap-2">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value[key]}
            onChange={(e) => onChange({ ...value, [key]: e.target.checked })}
          />
          <label htmlFor={`${id}-${key}`}>{label}</label>
        </div>
      ))}
    </div>
  );
}
