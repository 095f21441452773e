import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ToggleOption = { value: string; label: string; icon: ReactNode };

/** Two or more mutually exclusive choices shown as buttons (a radio group to assistive tech). */
export function ToggleGroup({
  label,
  value,
  onChange,
  options,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ToggleOption[];
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-2 gap-2">
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4',
              checked ? 'border-primary bg-primary/10 text-primary' : 'border-input bg-background hover:bg-accent',
            )}
          >
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
