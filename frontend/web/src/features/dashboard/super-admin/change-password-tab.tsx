import { useChangePassword } from '@grace-stories/sdk/react';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';

/** docs/product.md#limits: the first failing rule, in this order (12 characters at least, as the server and `SUPER_ADMIN_PASSWORD` want). */
export function passwordChangeProblem(values: {
  username: string;
  current: string;
  next: string;
  confirm: string;
}): string | null {
  if (!values.username.trim() || !values.current || !values.next || !values.confirm) return 'Please fill in all fields';
  if (values.next !== values.confirm) return 'New passwords do not match';
  if (values.next.length < 12) return 'Password must be at least 12 characters';
  return null;
}

export function ChangePasswordTab({ defaultUsername }: { defaultUsername: string }) {
  const [username, setUsername] = useState(defaultUsername);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Password changed successfully' });
        setCurrent('');
        setNext('');
        setConfirm('');
      },
      onError: (error) => showMutationError(error, { text: serverMessage(error) ?? 'Failed to change password' }),
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem({ username, current, next, confirm });
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    change.mutate({ data: { username: username.trim(), currentPassword: current, newPassword: next } });
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Change the password of the administrator sign-in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-2">
            <Label htmlFor="change-username">Username</Label>
            <Input
              id="change-username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="change-current">Current Password</Label>
            <PasswordInput
              id="change-current"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="change-new">New Password</Label>
            <PasswordInput
              id="change-new"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="change-confirm">Confirm New Password</Label>
            <PasswordInput
              id="change-confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing Password...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
