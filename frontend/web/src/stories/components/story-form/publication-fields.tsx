//! "Publication Status" (Save as Draft or Publish) and, when publishing, the author's consent.
import { Globe, Lock } from 'lucide-react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { FormField, FormItem } from '@/components/ui/form';
import { RadioGroup, RadioGroupOption } from '@/components/ui/radio-group';
import { ConsentChecks } from './consent-checks';
import { SensitiveFields } from './sensitive-fields';
import type { StoryFormValues } from './story-form-schema';

export function PublicationFields({ control, locked }: { control: Control<StoryFormValues>; locked: boolean }) {
  const audience = useWatch({ control, name: 'audience' });
  const wasLive = useWatch({ control, name: 'wasLive' });
  const consent = useController({ control, name: 'consent' });
  const sensitive = useController({ control, name: 'sensitive' });
  return (
    <FormField
      control={control}
      name="isPublished"
      render={({ field }) => (
        <FormItem>
          <p className="text-sm leading-none font-medium">Publication Status</p>
          <RadioGroup
            aria-label="Publication status"
            className="grid-cols-2 gap-2"
            disabled={locked}
            value={field.value ? 'publish' : 'draft'}
            onValueChange={(next) => field.onChange(next === 'publish')}
          >
            <RadioGroupOption value="draft">
              <Lock aria-hidden="true" />
              Save as Draft
            </RadioGroupOption>
            <RadioGroupOption value="publish">
              <Globe aria-hidden="true" />
              Publish
            </RadioGroupOption>
          </RadioGroup>
          <p className="text-sm text-muted-foreground">
            {!field.value
              ? 'Save as draft to continue editing later'
              : audience === 'members'
                ? 'This story will be visible to signed-in members only'
                : 'This story will be visible to all users'}
          </p>
          {field.value && (
            <>
              <SensitiveFields value={sensitive.field.value} onChange={sensitive.field.onChange} disabled={locked} />
              <ConsentChecks
                value={consent.field.value}
                onChange={consent.field.onChange}
                disabled={locked}
                required={!wasLive}
              />
            </>
          )}
        </FormItem>
      )}
    />
  );
}
