import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { CircleIcon } from 'lucide-react';
import type { ComponentProps, KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

const STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * An arrow key chooses the next (or previous) option at once. Radix moves the focus in a
 * timeout after the keydown and chooses the option it lands on only if no key was released
 * meanwhile, so a quick press (a fast typist, a test driving the keyboard) moved the focus
 * without choosing. Choosing it here too is harmless when Radix does as well.
 */
function chooseByArrow(event: KeyboardEvent<HTMLDivElement>) {
  const step = STEPS[event.key];
  if (step === undefined || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not(:disabled)'));
  const from = options.indexOf(event.target as HTMLElement);
  if (from < 0 || options.length < 2) return;
  options[(from + step + options.length) % options.length]?.click();
}

/**
 * Radix's radio group: one tab stop (the checked option, else the first), arrow keys move
 * between the options and choose them, Space chooses the focused one.
 */
function RadioGroup({ className, onKeyDown, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn('grid gap-3', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        chooseByArrow(event);
      }}
      {...props}
    />
  );
}

/** A round radio button; its label is a `<label htmlFor>` beside it. */
function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'aspect-square size-4 shrink-0 cursor-pointer rounded-full border border-input text-primary shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="relative flex items-center justify-center"
      >
        <CircleIcon
          aria-hidden="true"
          className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 fill-primary"
        />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

/** An option drawn as a button holding its own label (an icon and a word or two). */
function RadioGroupOption({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-option"
      className={cn(
        'flex cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-background px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 data-[state=unchecked]:hover:bg-accent data-[state=checked]:border-primary data-[state=checked]:bg-primary/10 data-[state=checked]:text-primary [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export { RadioGroup, RadioGroupItem, RadioGroupOption };
