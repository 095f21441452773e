import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A row of toggle buttons choosing which part of a list to show. */
export function StatusFilter<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1"
    >
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant="ghost"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(value === option.value && 'bg-background shadow-sm hover:bg-background')}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
