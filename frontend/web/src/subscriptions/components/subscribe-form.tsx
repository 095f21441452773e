//! "Get new stories by e-mail" (docs/decisions/subscriptions.md): the sign-up form of the footer,
//! the story page and the dashboard. The server answers 202 "Check your inbox to confirm" whatever
//! it stored, and records the wording shown above the button as the consent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useGetSiteInfo, useSubscribe, type FrequencyDto } from '@grace-stories/sdk/react';
import { Mail, MailCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/hooks/use-auth';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { emailAddress } from '@/lib/form-rules';
import { cn } from '@/lib/utils';
import {
  CategoryChoice,
  categoriesRule,
  DEFAULT_FREQUENCY,
  FrequencyChoice,
  frequencyRule,
} from './subscription-fields';

/**
 * The consent the server stores with each sign-up (`SUBSCRIBE_WORDING` in
 * domain/src/subscription/service.rs), shown above the button word for word; a test compares the two.
 */
export const SUBSCRIBE_WORDING =
  'Get new stories by e-mail. We send only what you choose, with no tracking, and every mail has a link to stop them.';

const subscribeSchema = z.object({
  email: emailAddress(),
  frequency: frequencyRule,
  categories: categoriesRule,
  /** The honeypot: people never see it, robots fill it in. */
  website: z.string(),
});
type SubscribeValues = z.infer<typeof subscribeSchema>;

/** Fields whose server errors (400) are shown under them. */
const SERVER_FIELDS: readonly Path<SubscribeValues>[] = ['email', 'frequency', 'categories'];

export function SubscribeForm({
  className,
  onSubscribed,
  focusFirst = false,
}: {
  className?: string;
  /** Focus the e-mail field once shown (the button that revealed the form is gone). */
  focusFirst?: boolean;
  /** After the server's 202 (the dashboard reads the member's subscription again). */
  onSubscribed?: () => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const [page] = useLocation();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<SubscribeValues>({
    resolver: zodResolver(subscribeSchema),
    defaultValues: { email: user?.email ?? '', frequency: DEFAULT_FREQUENCY, categories: [], website: '' },
  });
  useEffect(() => {
    if (focusFirst) form.setFocus('email');
  }, [focusFirst, form]);
  // The super admin's default frequency (`GET /api/site`), unless the person chose already.
  const { data: site } = useGetSiteInfo({ query: { retry: false } });
  const siteDefault: FrequencyDto | undefined = site?.defaultFrequency;
  useEffect(() => {
    if (siteDefault && !form.getFieldState('frequency').isDirty) {
      form.resetField('frequency', { defaultValue: siteDefault });
    }
  }, [siteDefault, form]);
  const subscribe = useSubscribe({
    mutation: {
      onSuccess: ({ message }) => {
        setAnswer(message);
        onSubscribed?.();
      },
      // The server's own words ("Too many requests..." for a 429), its field errors under the fields.
      onError: (error) =>
        showMutationError(error, {
          title: 'Could not subscribe',
          text: serverMessage(error) ?? 'Failed to subscribe. Please try again.',
          form: { setError: form.setError, fields: SERVER_FIELDS },
        }),
    },
  });

  if (answer !== null) {
    return (
      <div role="status" className={cn('flex items-start gap-3 rounded-md border bg-muted/40 p-4 text-sm', className)}>
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <p className="font-medium">{answer}</p>
          {/* The answer is the same whatever is stored: a confirmed address is mailed nothing. */}
          <p className="text-muted-foreground">
            A link to confirm goes to {form.getValues('email').trim()}, unless it is subscribed already.
          </p>
        </div>
      </div>
    );
  }

  const submit = form.handleSubmit(({ email, frequency, categories, website }) =>
    subscribe.mutate({ data: { email, frequency, categories, page, website: website || null } }),
  );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Get new stories by e-mail"
        className={cn('relative grid gap-4', className)}
      >
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>E-mail address</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" maxLength={255} placeholder="you@example.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="frequency"
          render={({ field, fieldState }) => (
            <FormItem>
              <FrequencyChoice
                value={field.value}
                onChange={(next: FrequencyDto) => field.onChange(next)}
                invalid={!!fieldState.error}
              />
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="categories"
          render={({ field }) => (
            <FormItem>
              <CategoryChoice value={field.value} onChange={field.onChange} />
              <FormMessage />
            </FormItem>
          )}
        />
        {/* The honeypot: off the screen, out of the tab order and hidden from screen readers, so
            only a robot fills it in (the server then answers alike and stores nothing). */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </div>
        <p className="text-xs leading-5 text-muted-foreground">{SUBSCRIBE_WORDING}</p>
        <Button type="submit" className="justify-self-start" disabled={subscribe.isPending}>
          <Mail aria-hidden="true" />
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </Form>
  );
}
