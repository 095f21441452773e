import { useAdminLogin } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Shield } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { PasswordInput } from '@/components/forms/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authQueryKey } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { storeAdminSession } from '@/lib/admin-session';
import { serverMessage } from '@/lib/api-errors';

/** docs/product.md#screens: the redirect to /dashboard follows a successful admin sign-in after 1 second. */
export const ADMIN_REDIRECT_MS = 1000;

/** /admin-login — the super admin's sign-in by username (docs/product.md#screens). */
export function AdminLoginPage() {
  useDocumentTitle('Administrator Login');
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const login = useAdminLogin({
    mutation: {
      // A 401 is a wrong username or password here, not an ended session.
      meta: { handlesUnauthorized: true },
      onSuccess: ({ user }) => {
        storeAdminSession(user);
        queryClient.setQueryData(authQueryKey, user);
        toast({ title: 'Login successful', description: 'Welcome back, Super Administrator!' });
        redirect.current = setTimeout(() => navigate('/dashboard'), ADMIN_REDIRECT_MS);
      },
      onError: (err) => {
        const message = serverMessage(err);
        setError(message ?? 'Login failed');
        toast({ title: 'Login failed', description: message ?? 'Invalid credentials', variant: 'destructive' });
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError('Please enter both username and password');
      return;
    }
    login.mutate({ data: { username: username.trim(), password } });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-slate-800 to-amber-900 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span
            className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700"
            aria-hidden="true"
          >
            <Shield className="size-6" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Administrator Login</h1>
          <CardDescription>Sign in with your super administrator account</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={submit}>
            {error && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-2">
              <Label htmlFor="admin-username">Username</Label>
              <Input
                id="admin-username"
                autoComplete="username"
                maxLength={50}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="admin-password">Password</Label>
              <PasswordInput
                id="admin-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            <Button asChild variant="link" className="justify-self-center">
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                Back to home
              </Link>
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
