//! The member's own subscription to new stories by e-mail (docs/decisions/subscriptions.md): the
//! subscription of their account's address, its frequency and categories changed here, or the
//! sign-up form when there is none (or it ended).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  getMySubscriptionQueryKey,
  useChangeMySubscription,
  useLeaveMySubscription,
  useMySubscription,
  type SubscriptionDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { MailX, Save } from 'lucide-react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { toast } from '@/hooks/use-toast';
import { httpStatus, serverMessage, showMutationError } from '@/lib/api-errors';
import { SubscribeForm } from '@/subscriptions/components/subscribe-form';
import {
  CategoryChoice,
  categoriesRule,
  FrequencyChoice,
  frequencyLabel,
  frequencyRule,
} from '@/subscriptions/components/subscription-fields';
import { ResendVerificationButton } from './email-verification';

const changeSchema = z.object({ frequency: frequencyRule, categories: categoriesRule });
type ChangeValues = z.infer<typeof changeSchema>;
const FIELDS: readonly Path<ChangeValues>[] = ['frequency', 'categories'];

/** What an ended or waiting subscription says above the form that starts it again. */
const NOT_RUNNING: Record<Exclude<SubscriptionDto['status'], 'confirmed'>, (email: string) => string> = {
  pending: (email) =>
    `Your sign-up waits for its confirmation: open the link we sent to ${email}, or subscribe again here.`,
  unsubscribed: () => 'You unsubscribed, so no new stories are mailed to you. Subscribe again here.',
  suspended: (email) => `Mail to ${email} could not be delivered, so nothing is sent. Subscribe again here.`,
};

export function SubscriptionTab() {
  const queryClient = useQueryClient();
  const mine = useMySubscription();
  const reload = () => void queryClient.invalidateQueries({ queryKey: getMySubscriptionQueryKey() });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>New stories by e-mail, to your account&apos;s address.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mine.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : mine.isError ? (
          httpStatus(mine.error) === 404 ? (
            <>
              <p className="text-sm text-muted-foreground">You are not subscribed.</p>
              <SubscribeForm className="max-w-xl" onSubscribed={reload} />
            </>
          ) : httpStatus(mine.error) === 403 ? (
            <>
              <p className="text-sm text-muted-foreground">{serverMessage(mine.error)}</p>
              <ResendVerificationButton />
            </>
          ) : (
            <p className="text-sm text-destructive">Your subscription could not be loaded. Please try again later.</p>
          )
        ) : mine.data.status === 'confirmed' ? (
          <ChangeSubscription key={JSON.stringify(mine.data)} subscription={mine.data} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{NOT_RUNNING[mine.data.status](mine.data.email)}</p>
            <SubscribeForm className="max-w-xl" onSubscribed={reload} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChangeSubscription({ subscription }: { subscription: SubscriptionDto }) {
  const queryClient = useQueryClient();
  const form = useForm<ChangeValues>({
    resolver: zodResolver(changeSchema),
    defaultValues: { frequency: subscription.frequency, categories: subscription.categories },
  });
  const change = useChangeMySubscription({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getMySubscriptionQueryKey(), saved);
        toast({ title: 'Subscription updated', description: 'Your choices have been saved.' });
      },
      onError: (error) =>
        showMutationError(error, {
          title: 'Failed to update subscription',
          text: serverMessage(error) ?? 'Failed to update subscription. Please try again.',
          form: { setError: form.setError, fields: FIELDS },
        }),
    },
  });
  const categories = subscription.categories.length === 0 ? 'all categories' : subscription.categories.join(', ');
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Your subscription"
        className="grid max-w-xl gap-4"
        onSubmit={form.handleSubmit((data) => change.mutate({ data }))}
      >
        <p className="text-sm [overflow-wrap:anywhere]">
          You are subscribed with <span className="font-medium">{subscription.email}</span>:{' '}
          <span className="font-medium">{frequencyLabel(subscription.frequency).toLowerCase()}</span>, {categories}.
          Every mail has a link to stop them.
        </p>
        <FormField
          control={form.control}
          name="frequency"
          render={({ field, fieldState }) => (
            <FormItem>
              <FrequencyChoice value={field.value} onChange={field.onChange} invalid={!!fieldState.error} />
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
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          <Save aria-hidden="true" />
          {change.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
      <div className="grid max-w-xl justify-items-start gap-2 border-t pt-4">
        <p className="text-sm text-muted-foreground">Or stop these mails altogether.</p>
        <LeaveButton email={subscription.email} />
      </div>
    </Form>
  );
}

/** Ends the subscription, as the link in every mail does; the screen then offers the form again. */
function LeaveButton({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const leave = useLeaveMySubscription({
    mutation: {
      onSuccess: (ended) => {
        queryClient.setQueryData(getMySubscriptionQueryKey(), ended);
        toast({ title: 'Unsubscribed', description: `No more new stories will be mailed to ${email}.` });
      },
      onError: (error) =>
        showMutationError(error, {
          title: 'Failed to unsubscribe',
          text: serverMessage(error) ?? 'Failed to unsubscribe. Please try again.',
        }),
    },
  });
  return (
    <ConfirmButton
      label="Unsubscribe"
      icon={<MailX aria-hidden="true" />}
      disabled={leave.isPending}
      title="Unsubscribe?"
      description={`No more new stories will be mailed to ${email}. You can subscribe again here at any time.`}
      confirm="Unsubscribe"
      onConfirm={() => leave.mutate()}
    />
  );
}
