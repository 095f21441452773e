//! Suspend and reinstate in All Users: a pause that keeps the person and their stories.
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, schemas, type UserDto } from '@grace-stories/sdk/react';
import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useReinstate, useSuspend } from './use-user-admin';
import { displayName } from './user-rows';

/** The server's rule for the reason (required, at most 500 characters), with its messages. */
const suspendSchema = schemas.suspendUserBody.extend({
  reason: z
    .string()
    .trim()
    .min(1, 'A reason is required')
    .max(schemas.suspendUserBodyReasonMax, `The reason must be at most ${schemas.suspendUserBodyReasonMax} characters`),
});
type SuspendValues = z.infer<typeof suspendSchema>;

/** A person is suspended while the server keeps a reason for it. */
export function isSuspended(user: UserDto): boolean {
  return user.suspendedReason != null;
}

/** 'Suspended' and the reason, in place of the Approved/Pending badge. */
export function SuspendedBadge({ user }: { user: UserDto }) {
  return (
    <Badge variant="destructive" title={user.suspendedReason ?? undefined}>
      Suspended
    </Badge>
  );
}

export function SuspendedReason({ user }: { user: UserDto }) {
  if (!isSuspended(user)) return null;
  return (
    <p className="mt-1 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive [overflow-wrap:anywhere]">
      <span className="font-medium">Reason:</span> {user.suspendedReason}
    </p>
  );
}

/** Suspend (with a required reason, asked in a dialog) or, for a suspended person, Reinstate. */
export function SuspendOrReinstateButton({ user, disabled }: { user: UserDto; disabled?: boolean }) {
  return isSuspended(user) ? (
    <ReinstateButton user={user} disabled={disabled} />
  ) : (
    <SuspendButton user={user} disabled={disabled} />
  );
}

function ReinstateButton({ user, disabled }: { user: UserDto; disabled?: boolean }) {
  const reinstate = useReinstate();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || reinstate.isPending}
      aria-label={`Reinstate ${displayName(user)}`}
      onClick={() => reinstate.mutate({ userId: user.id })}
    >
      <RotateCcw aria-hidden="true" />
      {reinstate.isPending ? 'Reinstating...' : 'Reinstate'}
    </Button>
  );
}

function SuspendButton({ user, disabled }: { user: UserDto; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const name = displayName(user);
  const form = useForm<SuspendValues>({ resolver: zodResolver(suspendSchema), defaultValues: { reason: '' } });
  const suspend = useSuspend(() => {
    setOpen(false);
    form.reset({ reason: '' });
  });
  const submit = form.handleSubmit(({ reason }) =>
    suspend.mutate(
      { userId: user.id, data: { reason } },
      {
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === 'reason') : undefined;
          if (field) form.setError('reason', { message: field.message });
        },
      },
    ),
  );
  const change = (next: boolean) => {
    if (!next) form.reset({ reason: '' });
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-label={`Suspend ${name}`}>
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Suspend {name}?</DialogTitle>
          <DialogDescription>
            {user.email} is signed out everywhere at once and cannot sign in until reinstated. Their stories stay. The
            reason is e-mailed to them.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason *</FormLabel>
                  <FormControl>
                    <Textarea rows={4} maxLength={500} placeholder="What happened, and what happens next" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={suspend.isPending}>
                {suspend.isPending ? 'Suspending...' : 'Suspend'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
