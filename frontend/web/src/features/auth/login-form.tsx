import { zodResolver } from '@hookform/resolvers/zod';
import { useLogin } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { authQueryKey } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { loginSchema, type LoginValues } from './auth-schemas';

/**
 * Sign in with e-mail and password (`POST /api/login`). 'Forgot password?' hands the typed e-mail
 * to the reset form.
 */
export function LoginForm({
  onSuccess,
  onForgotPassword,
}: {
  onSuccess: () => void;
  onForgotPassword: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const login = useLogin({
    mutation: {
      // A 401 is a wrong e-mail or password here, not an ended session.
      meta: { handlesUnauthorized: true },
      onSuccess: ({ user }) => {
        queryClient.setQueryData(authQueryKey, user);
        toast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
        onSuccess();
      },
      onError: (error) => showMutationError(error, { title: 'Login failed' }),
    },
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((data) => login.mutate({ data }))}>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between gap-2">
                <FormLabel>Password</FormLabel>
                <button
                  type="button"
                  className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => onForgotPassword(form.getValues('email').trim())}
                >
                  Forgot password?
                </button>
              </div>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
