import { zodResolver } from '@hookform/resolvers/zod';
import { useRegister } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { authQueryKey } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { registerSchema, type RegisterValues } from './auth-schemas';

const FIELDS: readonly Path<RegisterValues>[] = ['firstName', 'lastName', 'username', 'email', 'password'];

/** Create an account (`POST /api/register`); it starts as a pending member. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', username: '', email: '', password: '' },
  });
  const register = useRegister({
    mutation: {
      // Any refusal, a 401 included, is the registration's own failure: never the sign-in redirect.
      meta: { handlesUnauthorized: true },
      onSuccess: ({ user }) => {
        queryClient.setQueryData(authQueryKey, user);
        toast({ title: 'Account created!', description: 'Your account has been created successfully.' });
        onSuccess();
      },
      // The server's field errors (400) are shown under their fields as well.
      onError: (error) =>
        showMutationError(error, { title: 'Registration failed', form: { setError: form.setError, fields: FIELDS } }),
    },
  });

  const text = (name: 'firstName' | 'lastName' | 'username', label: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input autoComplete={autoComplete} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((data) => register.mutate({ data }))}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('firstName', 'First Name', 'given-name')}
          {text('lastName', 'Last Name', 'family-name')}
        </div>
        {text('username', 'Username', 'username')}
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
              <FormLabel>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </Form>
  );
}
