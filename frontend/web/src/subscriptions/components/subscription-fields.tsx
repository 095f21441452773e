//! The choices a subscription holds (docs/decisions/subscriptions.md): how often, and which
//! categories, shared by the sign-up form and the member's own subscription screen.
import { useListCategories, type FrequencyDto } from '@grace-stories/sdk/react';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

/** The three frequencies, in the order the forms list them. */
export const FREQUENCIES: readonly { value: FrequencyDto; label: string }[] = [
  { value: 'each', label: 'Each story as it is published' },
  { value: 'weekly', label: 'Weekly digest' },
  { value: 'monthly', label: 'Monthly digest' },
];

/** Until the site's information says the super admin's choice (`defaultFrequency`). */
export const DEFAULT_FREQUENCY: FrequencyDto = 'weekly';

/** The most categories one subscription may name (`MAX_CATEGORIES` on the server). */
export const MAX_CATEGORIES = 50;

export const frequencyRule = z.enum(['each', 'weekly', 'monthly'], { message: 'Choose how often' });
export const categoriesRule = z.array(z.string()).max(MAX_CATEGORIES, `Choose at most ${MAX_CATEGORIES} categories`);

/** "Each story as it is published", "Weekly digest"... for a frequency. */
export function frequencyLabel(frequency: FrequencyDto): string {
  return FREQUENCIES.find((f) => f.value === frequency)?.label ?? frequency;
}

/** The frequency as radio buttons, labelled "How often". */
export function FrequencyChoice({
  value,
  onChange,
  invalid = false,
}: {
  value: FrequencyDto;
  onChange: (next: FrequencyDto) => void;
  invalid?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={`${id}-legend`} className="text-sm leading-none font-medium">
        How often
      </p>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        aria-invalid={invalid || undefined}
        value={value}
        onValueChange={(next) => onChange(next as FrequencyDto)}
        className="gap-2"
      >
        {FREQUENCIES.map((f) => (
          <div key={f.value} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${f.value}`} value={f.value} />
            <label htmlFor={`${id}-${f.value}`} className="cursor-pointer text-sm">
              {f.label}
            </label>
          </div>
        ))}
      </RadioGroup>
    </div>
  );
}

/**
 * The categories, all by default: the site's categories as checkboxes behind a "Choose categories"
 * disclosure, fetched only once it is opened. None ticked means all, new ones included.
 */
export function CategoryChoice({
  value,
  onChange,
  defaultOpen = false,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen || value.length > 0);
  const summary =
    value.length === 0 ? 'All categories' : `${value.length} ${value.length === 1 ? 'category' : 'categories'}`;
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group rounded-md border border-input text-sm"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2.5 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        Choose categories
        <span className="ml-auto text-xs font-normal text-muted-foreground">{summary}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      {open && <CategoryBoxes value={value} onChange={onChange} />}
    </details>
  );
}

function CategoryBoxes({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const id = useId();
  const categories = useListCategories();
  const chosen = (name: string) => value.some((v) => v.toLowerCase() === name.toLowerCase());
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value, name] : value.filter((v) => v.toLowerCase() !== name.toLowerCase()));
  return (
    <fieldset className="grid gap-2 border-t px-3 pt-2 pb-3">
      <legend className="sr-only">Categories</legend>
      <p className="text-xs text-muted-foreground">None ticked means all categories, new ones included.</p>
      {categories.isPending && <p className="text-muted-foreground">Loading categories...</p>}
      {categories.isError && <p className="text-destructive">The categories could not be loaded.</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {(categories.data ?? []).map((c) => (
          <div key={c.name} className="flex items-center gap-2">
            <input
              id={`${id}-${c.id}`}
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={chosen(c.name)}
              onChange={(e) => toggle(c.name, e.target.checked)}
            />
            <label htmlFor={`${id}-${c.id}`} className="cursor-pointer">
              {c.name}
            </label>
          </div>
        ))}
      </div>
      {value.length > 0 && (
        <button
          type="button"
          className="justify-self-start text-xs font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => onChange([])}
        >
          All categories again
        </button>
      )}
    </fieldset>
  );
}
