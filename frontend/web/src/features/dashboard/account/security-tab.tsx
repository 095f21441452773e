import { zodResolver } from '@hookform/resolvers/zod';
import {
  getListSessionsQueryKey,
  useChangeOwnPassword,
  useListSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  type SessionDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { PasswordInput } from '@/components/forms/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { toast } from '@/hooks/use-toast';
import { httpStatus, serverMessage, showMutationError, showServerFieldErrors } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { isSentToSignIn } from '@/lib/unauthorized';
import { changeOwnPasswordSchema, type ChangeOwnPasswordValues } from './account-schemas';

/** The Security tab: the person's own password and the sessions signed in to their account. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <ChangeOwnPasswordCard />
      <SessionsCard />
    </div>
  );
}

const PASSWORD_FIELDS: readonly Path<ChangeOwnPasswordValues>[] = ['currentPassword', 'newPassword'];

function ChangeOwnPasswordCard() {
  const queryClient = useQueryClient();
  // A refusal about the account rather than a field (a Google-only account has no password yet).
  const [refusal, setRefusal] = useState<string | null>(null);
  // Whether the change revokes the API tokens too (the server asks; a person may keep them).
  const [revokeTokens, setRevokeTokens] = useState(false);
  const form = useForm<ChangeOwnPasswordValues>({
    resolver: zodResolver(changeOwnPasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangeOwnPassword({
    mutation: {
      onSuccess: ({ message }) => {
        form.reset();
        setRefusal(null);
        toast({ title: 'Password changed successfully', description: message });
        // The server signed the other sessions out.
        void queryClient.invalidateQueries({ queryKey: getListSessionsQueryKey() });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, PASSWORD_FIELDS, form.setError) > 0) return;
        const message = serverMessage(error);
        if (httpStatus(error) === 400 && message) {
          setRefusal(message);
          return;
        }
        showMutationError(error, { text: message ?? 'Failed to change password' });
      },
    },
  });

  const field = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: props }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <PasswordInput autoComplete={autoComplete} {...props} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing your password signs out every other session of your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid max-w-md gap-4"
            aria-label="Change password"
            onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
              change.mutate({ data: { currentPassword, newPassword, revokeApiTokens: revokeTokens } }),
            )}
          >
            {refusal && (
              <Alert variant="destructive">
                <AlertDescription>{refusal}</AlertDescription>
              </Alert>
            )}
            {field('currentPassword', 'Current Password', 'current-password')}
            {field('newPassword', 'New Password', 'new-password')}
            {field('confirmPassword', 'Confirm New Password', 'new-password')}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={revokeTokens}
                onChange={(e) => setRevokeTokens(e.target.checked)}
              />
              Also revoke all my API tokens
            </label>
            <Button type="submit" className="justify-self-start" disabled={change.isPending}>
              {change.isPending ? 'Changing Password...' : 'Change Password'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useListSessions();

  const refresh = () => queryClient.invalidateQueries({ queryKey: getListSessionsQueryKey() });
  const onError = (error: Error) => {
    showMutationError(error, { text: serverMessage(error) ?? error.message });
    // The list may have changed meanwhile (a session signed out elsewhere); after a 401 the
    // visitor is on the way to sign in and there is nothing to refresh.
    if (!isSentToSignIn(error)) void refresh();
  };
  const revoke = useRevokeSession({
    mutation: {
      onSuccess: ({ message }) => {
        toast({ title: message });
        void refresh();
      },
      onError,
    },
  });
  const revokeOthers = useRevokeOtherSessions({
    mutation: {
      onSuccess: ({ message }) => {
        toast({ title: 'Signed out', description: message });
        void refresh();
      },
      onError,
    },
  });

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          The browsers signed in to your account. Sign out any you do not recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Could not load your sessions: {sessions.error.message}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Sessions">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={revoke.isPending && revoke.variables?.id === session.id}
                onRevoke={() => revoke.mutate({ id: session.id })}
              />
            ))}
          </ul>
        )}
        {others > 0 && (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            <LogOut aria-hidden="true" />
            Sign out all other sessions
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, busy, onRevoke }: { session: SessionDto; busy: boolean; onRevoke: () => void }) {
  const name = `${session.browser} on ${session.os}`;
  return (
    // On a phone the details take the whole line and the button wraps below them.
    <li aria-label={name} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <div className="flex w-full min-w-0 items-start gap-3 sm:w-auto sm:flex-1">
        <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
            {session.current && <Badge variant="secondary">This device</Badge>}
          </div>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {session.ipAddress ?? 'Unknown address'}
          </p>
          <p className="text-xs text-muted-foreground">
            Signed in {formatDateTime(session.createdAt) ?? 'at an unknown time'}
            <br />
            Last seen {formatDateTime(session.lastSeenAt) ?? 'unknown'}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="ml-8 sm:ml-0"
          disabled={busy}
          onClick={onRevoke}
          aria-label={`Sign out ${name}`}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  );
}
