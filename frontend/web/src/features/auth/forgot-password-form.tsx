import { zodResolver } from '@hookform/resolvers/zod';
import { useRequestPasswordReset } from '@grace-stories/sdk/react';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showMutationError } from '@/lib/api-errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from './auth-schemas';

/**
 * "Forgot password?" (`POST /api/password-reset`). The server answers the same for every address,
 * so the screen shows its message as it is and never says whether an account exists.
 */
export function ForgotPasswordForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });
  const request = useRequestPasswordReset({
    mutation: {
      onError: (error) =>
        showMutationError(error, {
          title: 'Could not send the reset link',
          form: { setError: form.setError, fields: ['email'] },
        }),
    },
  });

  if (request.isSuccess) {
    return (
      <Alert>
        <MailCheck aria-hidden="true" />
        <AlertTitle>Check your e-mail</AlertTitle>
        <AlertDescription className="text-muted-foreground">{request.data.message}</AlertDescription>
      </Alert>
    );
  }

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((data) => request.mutate({ data }))}>
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
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </Form>
  );
}
