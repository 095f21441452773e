import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, useConfirmPasswordReset } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { PasswordInput } from '@/components/forms/password-input';
import { NoticePage } from '@/components/layout/notice-page';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { authQueryKey } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { forgetSession } from '@/hooks/use-sign-out';
import { toast } from '@/hooks/use-toast';
import { showServerFieldErrors } from '@/lib/api-errors';
import { resetPasswordSchema, type ResetPasswordValues } from './auth-schemas';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

/** `/reset-password?token=...`: the link of the reset mail; a new password signs the person in. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [linkRefused, setLinkRefused] = useState(false);
  if (!token || linkRefused) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} onLinkRefused={() => setLinkRefused(true)} />;
}

function ResetPasswordForm({ token, onLinkRefused }: { token: string; onLinkRefused: () => void }) {
  useDocumentTitle('Choose a new password');
  const confirm = useConfirmPasswordReset();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(({ password }) =>
    confirm.mutate(
      { data: { token, password } },
      {
        onSuccess: ({ user }) => {
          // The answer carries a new session: whatever this browser cached before belongs to the old one.
          forgetSession(queryClient);
          queryClient.setQueryData(authQueryKey, user);
          toast({ title: 'Password changed', description: 'Your new password is set and you are signed in.' });
          navigate('/');
        },
        onError: (error) => {
          if (showServerFieldErrors(error, ['password'], form.setError) > 0) return;
          // A 400 without field errors is the server's verdict on the token itself.
          if (error instanceof ApiError && error.status === 400) return onLinkRefused();
          toast({ title: 'Could not set the password', description: error.message, variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <PageShell className="mx-auto flex w-full max-w-md items-center px-4 py-16 sm:px-6">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <span
            className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
            aria-hidden="true"
          >
            <KeyRound className="size-6" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Choose a new password</h1>
          <CardDescription>
            Enter it twice. Once it is set you are signed in, and your other sessions are signed out.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form noValidate className="grid gap-4" onSubmit={submit}>
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>New Password</FormLabel>
                    <FormControl>
                      <PasswordInput autoComplete="new-password" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="confirmPassword"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Confirm New Password</FormLabel>
                    <FormControl>
                      <PasswordInput autoComplete="new-password" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" className="w-full" disabled={confirm.isPending}>
                {confirm.isPending ? 'Setting Password...' : 'Set New Password'}
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>
    </PageShell>
  );
}

function InvalidResetLink() {
  return (
    <NoticePage title={RESET_LINK_INVALID} icon={LinkIcon} tone="neutral">
      <p className="max-w-md text-muted-foreground">
        A reset link works once, for 60 minutes. Ask for a new one and use the newest mail.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/auth?mode=forgot-password">Request a new link</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/auth">Sign in</Link>
        </Button>
      </div>
    </NoticePage>
  );
}
