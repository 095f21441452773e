import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, exportAccount, useDeleteAccount } from '@grace-stories/sdk/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { PasswordInput } from '@/components/forms/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { User } from '@/hooks/use-auth';
import { forgetSession } from '@/hooks/use-sign-out';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError, showServerFieldErrors } from '@/lib/api-errors';
import { browser } from '@/lib/browser';
import { localDateStamp, saveJsonFile } from '@/lib/download';
import { isSentToSignIn } from '@/lib/unauthorized';
import { DELETE_CONFIRMATION, deleteAccountSchema, type DeleteAccountValues } from './account-schemas';

/** 'Download my data': `GET /api/user/export`, saved as `grace-stories-account-YYYY-MM-DD.json`. */
export function DownloadDataCard() {
  const download = useMutation({
    mutationFn: () => exportAccount(),
    onSuccess: (data) => {
      saveJsonFile(data, `grace-stories-account-${localDateStamp()}.json`);
      toast({ title: 'Download started', description: 'Your data is saved as a JSON file.' });
    },
    onError: (error) => showMutationError(error, { title: 'Could not download your data' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Download my data</CardTitle>
        <CardDescription>
          One JSON file with everything the site holds about you: your account, your stories with every version, your
          schedule, the help messages you sent and the comments left with your e-mail address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden="true" />
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Delete my account': a dialog that asks for DELETE, the password (local accounts) and the stories' fate. */
export function DeleteAccountCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Delete my account</CardTitle>
        <CardDescription>
          Your account, sessions and schedule are removed for good. You choose whether your stories go too or stay
          published without your name (signed &apos;A member of&apos; the site). Download your data first if you want a
          copy.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button type="button" variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            {/* Mounted only while open, so the dialog always starts empty. */}
            {open && <DeleteAccountForm user={user} />}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // A Google account usually has no password (a recent Google sign-in stands in for it); one that
  // has set a password through the reset mail is asked for it when the server says so.
  const [needsPassword, setNeedsPassword] = useState(user.authProvider === 'local');
  const passwordRequired = useRef(needsPassword);
  const [refusal, setRefusal] = useState<{ message: string; reauthenticate: boolean } | null>(null);
  const form = useForm<DeleteAccountValues>({
    // Built at each check, so the password rule follows `needsPassword`.
    resolver: (values, context, options) =>
      zodResolver(deleteAccountSchema(passwordRequired.current))(values, context, options),
    defaultValues: { confirmation: '', password: '' },
  });
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  const remove = useDeleteAccount({
    mutation: {
      onSuccess: ({ message }) => {
        forgetSession(queryClient);
        navigate('/');
        toast({ title: 'Account deleted', description: message });
      },
      onError: (error) => {
        // After a 401 the visitor is on the way to sign in (the QueryClient's MutationCache).
        if (isSentToSignIn(error)) return;
        if (error instanceof ApiError && error.fieldErrors.some(({ field }) => field === 'password')) {
          passwordRequired.current = true;
          setNeedsPassword(true);
        }
        if (showServerFieldErrors(error, ['password'], form.setError) > 0) return;
        const reauthenticate = error instanceof ApiError && error.status === 403;
        setRefusal({ message: serverMessage(error) ?? error.message, reauthenticate });
      },
    },
  });

  const submit = form.handleSubmit(({ password, stories }) => {
    setRefusal(null);
    remove.mutate({ data: { ...(needsPassword ? { password } : {}), deleteStories: stories === 'delete' } });
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This cannot be undone. {user.email} will be signed out everywhere and the account removed.
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Delete my account">
          <FormField
            control={form.control}
            name="stories"
            render={({ field }) => (
              <FormItem>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Your stories</legend>
                  {(
                    [
                      ['delete', 'Delete my stories too'],
                      ['keep', 'Keep my published stories, without my name'],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        onBlur={field.onBlur}
                        className="mt-0.5 size-4 accent-primary"
                      />
                      <span className="min-w-0">{label}</span>
                    </label>
                  ))}
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
          {needsPassword && (
            <FormField
              control={form.control}
              name="password"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <FormField
            control={form.control}
            name="confirmation"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Type {DELETE_CONFIRMATION} to confirm</FormLabel>
                <FormControl>
                  <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {refusal && (
            <Alert variant="destructive">
              <AlertDescription className="grid justify-items-start gap-2">
                <span>{refusal.message}</span>
                {refusal.reauthenticate && (
                  <Button type="button" size="sm" variant="outline" onClick={() => browser.go('/api/auth/google')}>
                    Sign in with Google again
                  </Button>
                )}
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={remove.isPending || confirmation.trim() !== DELETE_CONFIRMATION}
            >
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  );
}
