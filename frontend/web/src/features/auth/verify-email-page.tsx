import { ApiError, useVerifyEmail, type UserDto } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { NoticePage } from '@/components/layout/notice-page';
import { Button } from '@/components/ui/button';
import { authQueryKey, useAuth } from '@/hooks/use-auth';
import { cn } from '@/lib/utils';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired';

/**
 * `/verify-email?token=...`: the link of the sign-up mail. The token is sent once when the page
 * opens (a second send would find it used); the session is not changed by the answer.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(
      { data: { token } },
      {
        onSuccess: (verified) => {
          // When the verified account is the one signed in here, its badge turns green at once.
          queryClient.setQueryData<UserDto | null>(authQueryKey, (current) =>
            current && current.id === verified.id ? verified : current,
          );
        },
      },
    );
  }, [token, mutate, queryClient]);

  if (!token) return <InvalidVerifyLink />;
  if (verify.isSuccess) return <Verified />;
  if (verify.isError) {
    return verify.error instanceof ApiError && verify.error.status === 400 ? (
      <InvalidVerifyLink />
    ) : (
      <VerifyFailed message={verify.error.message} />
    );
  }
  return (
    <NoticePage title="Verifying your e-mail address..." icon={Spinner} tone="neutral">
      <p className="text-muted-foreground">This takes a moment.</p>
    </NoticePage>
  );
}

function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn(className, 'animate-spin')} />;
}

/** Where to go next: a signed-in person to the dashboard, anyone else to sign in. */
function Onward() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex flex-wrap justify-center gap-3">
      {isAuthenticated ? (
        <Button asChild>
          <Link href="/dashboard">Go to my dashboard</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link href="/auth">Sign in</Link>
        </Button>
      )}
      <Button asChild variant="outline">
        <Link href="/">Home</Link>
      </Button>
    </div>
  );
}

function Verified() {
  return (
    <NoticePage title="Your e-mail address is verified" icon={CircleCheck} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        Thank you. Administrators can now see that this address is yours.
      </p>
      <Onward />
    </NoticePage>
  );
}

function InvalidVerifyLink() {
  return (
    <NoticePage title={VERIFY_LINK_INVALID} icon={MailX} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        A verification link works once, for 48 hours. Sign in and use 'Resend verification e-mail' on your dashboard to
        get a new one.
      </p>
      <Onward />
    </NoticePage>
  );
}

function VerifyFailed({ message }: { message: string }) {
  return (
    <NoticePage title="We could not verify your e-mail address" icon={MailX} tone="neutral">
      <p className="max-w-md text-muted-foreground">{message}</p>
      <p className="max-w-md text-muted-foreground">Please open the link from the mail again in a moment.</p>
      <Onward />
    </NoticePage>
  );
}
