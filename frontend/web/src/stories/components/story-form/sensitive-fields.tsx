//! "Does this story name another person, mention a child, or describe health, addiction or
//! abuse?" Reviewers then confirm a short checklist before approving (docs/decisions/privacy.md).
import type { SensitiveDto } from '@grace-stories/sdk/react';
import { useId } from 'react';

const TOPICS: { value: SensitiveDto; label: string }[] = [
  { value: 'namesPerson', label: 'It names another person' },
  { value: 'mentionsChild', label: 'It mentions a child' },
  { value: 'healthAddictionAbuse', label: 'It describes health, addiction or abuse' },
];

export function SensitiveFields({
  value,
  onChange,
  disabled = false,
}: {
  value: SensitiveDto[];
  onChange: (next: SensitiveDto[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3 text-sm" disabled={disabled}>
      <legend className="px-1 font-medium">
        Does this story name another person, mention a child, or describe health, addiction or abuse?
      </legend>
      {TOPICS.map(({ value: topic, label }) => (
        <div key={topic} className="flex items-start gap-2">
          <input
            id={`${id}-${topic}`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value.includes(topic)}
            onChange={(e) => onChange(e.target.checked ? [...value, topic] : value.filter((t) => t !== topic))}
          />
          <label htmlFor={`${id}-${topic}`} className="cursor-pointer">
            {label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
