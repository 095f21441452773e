import { ApiError, useChangeFrequency, useConfirmSubscription, useUnsubscribe } from '@grace-stories/sdk/react';
import { CircleCheck, Loader2, MailCheck, MailMinus, MailX } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { NoticePage } from '@/components/layout/notice-page';
import { Button } from '@/components/ui/button';

export const SUBSCRIPTION_LINK_INVALID = 'This link is invalid or has expired';
/** With a non-breaking hyphen, so a phone never breaks the heading inside "e-mails". */
export const MANAGE_TITLE = 'Change or stop your e\u2011mails';

/** The `token` of a subscription mail's link. */
function useLinkToken(): string {
  return new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
}

function HomeButton() {
  return (
    <Button asChild variant="outline">
      <Link href="/">Home</Link>
    </Button>
  );
}

/** What a refused link says: unknown (404) or ended or expired (400, the server's words). */
function LinkRefused({ error }: { error: unknown }) {
  const unknown = !(error instanceof ApiError) || error.status === 404;
  const title = unknown || !(error instanceof Error) ? SUBSCRIPTION_LINK_INVALID : error.message;
  return (
    <NoticePage title={title} icon={MailX} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        A confirmation link works for 7 days, and only for the latest sign-up; the link to change or stop your e-mails
        works until you unsubscribe.
      </p>
      <HomeButton />
    </NoticePage>
  );
}

/**
 * `/subscriptions/confirm?token=...`: the confirmation mail's link. Opening it changes nothing (a
 * mail scanner opens links too); the person presses "Confirm", which sends the token once.
 */
export function ConfirmSubscriptionPage() {
  const token = useLinkToken();
  const confirm = useConfirmSubscription();
  if (!token) return <LinkRefused error={undefined} />;
  if (confirm.isError) return <LinkRefused error={confirm.error} />;
  if (confirm.isSuccess) {
    return (
      <NoticePage title="You are subscribed" icon={CircleCheck} tone="neutral">
        <p className="max-w-md text-muted-foreground">
          New stories will come to {confirm.data.email}. Every mail has a link to change how often, or to stop.
        </p>
        <HomeButton />
      </NoticePage>
    );
  }
  return (
    <NoticePage title="Confirm your subscription" icon={MailCheck} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        Press Confirm to get new stories by e-mail. If you did not ask for this, close this page: nothing will be sent.
      </p>
      <Button disabled={confirm.isPending} onClick={() => confirm.mutate({ data: { token } })}>
        {confirm.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Confirm
      </Button>
    </NoticePage>
  );
}

/**
 * `/subscriptions/unsubscribe?token=...`: the "change or stop" link every subscription mail carries.
 * Opening it changes nothing; the page offers fewer mails or none.
 */
export function ManageSubscriptionPage() {
  const token = useLinkToken();
  const unsubscribe = useUnsubscribe();
  const lessOften = useChangeFrequency();
  const busy = unsubscribe.isPending || lessOften.isPending;
  if (!token) return <LinkRefused error={undefined} />;
  const error = unsubscribe.error ?? lessOften.error;
  if (error) return <LinkRefused error={error} />;
  if (unsubscribe.isSuccess) {
    return (
      <NoticePage title="You are unsubscribed" icon={CircleCheck} tone="neutral">
        <p className="max-w-md text-muted-foreground">
          No more stories will be sent to {unsubscribe.data.email}. You can sign up again at any time.
        </p>
        <HomeButton />
      </NoticePage>
    );
  }
  if (lessOften.isSuccess) {
    return (
      <NoticePage title="You will hear from us less often" icon={CircleCheck} tone="neutral">
        <p className="max-w-md text-muted-foreground">
          From now on, {lessOften.data.email} gets one digest a month with the new stories.
        </p>
        <HomeButton />
      </NoticePage>
    );
  }
  return (
    <NoticePage title={MANAGE_TITLE} icon={MailMinus} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        Get one digest a month instead, or stop getting new stories by e-mail.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => lessOften.mutate({ data: { token, frequency: 'monthly' } })}
        >
          Send less often
        </Button>
        <Button disabled={busy} onClick={() => unsubscribe.mutate({ params: { token } })}>
          Unsubscribe
        </Button>
      </div>
    </NoticePage>
  );
}
