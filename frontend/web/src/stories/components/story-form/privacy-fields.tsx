//! The story form's privacy choices: how the story names its author, and who may read it.
//! What each shows is explained in docs/decisions/privacy.md.
import type { AudienceDto, BylineDto } from '@grace-stories/sdk/react';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useSiteName } from '@/hooks/use-site-name';
import { cn } from '@/lib/utils';
import type { StoryFormValues } from './story-form-schema';

type Choice<T extends string> = { value: T; label: string; says: string };

function bylineChoices(siteName: string): Choice<BylineDto>[] {
  return [
    { value: 'full', label: 'Full name', says: 'Your first and last name and your picture.' },
    { value: 'first', label: 'First name only', says: 'Only your first name, no picture.' },
    {
      value: 'firstInitial',
      label: 'First name and initial',
      says: 'Your first name and the initial of your last name ("Maria G."), no picture.',
    },
    {
      value: 'anonymous',
      label: 'Anonymous',
      says: `"A member of ${siteName}", no name and no picture. Reviewers still know it is yours.`,
    },
  ];
}

const AUDIENCE: Choice<AudienceDto>[] = [
  {
    value: 'public',
    label: 'Everyone',
    says: 'Anyone can read it; it can appear in the feed, in search engines and on social media.',
  },
  {
    value: 'members',
    label: 'Members only',
    says: 'Only signed-in members can read it. It never leaves this site.',
  },
];

function Choices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (next: T) => void;
  disabled: boolean;
}) {
  const id = useId();
  const legendId = `${id}-legend`;
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend id={legendId} className="mb-2 text-sm leading-none font-medium">
        {legend}
      </legend>
      <RadioGroup
        name={name}
        aria-labelledby={legendId}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        disabled={disabled}
        className="gap-2 sm:grid-cols-2"
      >
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          const labelId = `${inputId}-label`;
          const saysId = `${inputId}-says`;
          return (
            <div
              key={choice.value}
              className={cn(
                'flex items-start gap-3 rounded-md border border-border p-3 text-sm',
                'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                disabled && 'opacity-70',
              )}
            >
              <RadioGroupItem
                id={inputId}
                value={choice.value}
                aria-labelledby={labelId}
                aria-describedby={saysId}
                className="mt-0.5"
              />
              <div className="grid gap-0.5">
                <label id={labelId} htmlFor={inputId} className="cursor-pointer font-medium">
                  {choice.label}
                </label>
                <span id={saysId} className="text-muted-foreground">
                  {choice.says}
                </span>
              </div>
            </div>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}

/** "How should we name you?" and "Who can read it?" */
export function PrivacyFields({ control, locked }: { control: Control<StoryFormValues>; locked: boolean }) {
  const siteName = useSiteName();
  const byline = useController({ control, name: 'byline' });
  const audience = useController({ control, name: 'audience' });
  return (
    <div className="grid gap-5">
      <Choices
        legend="How should this story name you?"
        name="byline"
        choices={bylineChoices(siteName)}
        value={byline.field.value}
        onChange={byline.field.onChange}
        disabled={locked}
      />
      <Choices
        legend="Who can read it?"
        name="audience"
        choices={AUDIENCE}
        value={audience.field.value}
        onChange={audience.field.onChange}
        disabled={locked}
      />
    </div>
  );
}
