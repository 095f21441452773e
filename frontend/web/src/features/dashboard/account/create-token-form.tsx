import { zodResolver } from '@hookform/resolvers/zod';
import { getListApiTokensQueryKey, schemas, TokenScopeDto, useCreateApiToken } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { PasswordInput } from '@/components/forms/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { serverMessage, showMutationError, showServerFieldErrors } from '@/lib/api-errors';
import { SCOPE_LABELS } from './api-tokens-tab';

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

/** The server's limits (generated from openapi.json) with the form's own messages. */
const tokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(schemas.createApiTokenBodyNameMax, `Name must be at most ${schemas.createApiTokenBodyNameMax} characters`),
  scope: z.enum([TokenScopeDto.read, TokenScopeDto.read_write]),
  expiry: z.enum(['30', '90', '365', 'never']),
  /** The server asks for it unless the person signed in within the last 10 minutes. */
  password: z.string(),
});
type TokenValues = z.infer<typeof tokenSchema>;

const TOKEN_FIELDS: readonly Path<TokenValues>[] = ['name', 'scope', 'password'];

/** The form that makes a token; the person confirms with their password (see the field's hint). */
export function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TokenValues>({
    resolver: zodResolver(tokenSchema),
    defaultValues: { name: '', scope: TokenScopeDto.read, expiry: '90', password: '' },
  });
  const create = useCreateApiToken({
    mutation: {
      onSuccess: (made) => {
        form.reset();
        onCreated(made.token);
        void queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, TOKEN_FIELDS, form.setError) > 0) return;
        showMutationError(error, { title: 'Token not created', text: serverMessage(error) ?? 'Please try again.' });
      },
    },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Create an API token"
        className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-start"
        onSubmit={form.handleSubmit(({ name, scope, expiry, password }) =>
          create.mutate({
            data: {
              name,
              scope,
              // The form offers only the three lengths the API lists.
              expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
              ...(password ? { password } : {}),
            },
          }),
        )}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Token name</FormLabel>
              <FormControl>
                <Input placeholder="For example: Church app" autoComplete="off" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="scope"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Access</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {Object.values(TokenScopeDto).map((scope) => (
                    <SelectItem key={scope} value={scope}>
                      {SCOPE_LABELS[scope]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Expires after</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {EXPIRY_CHOICES.map((choice) => (
                    <SelectItem key={choice.value} value={choice.value}>
                      {choice.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem className="sm:col-span-3 sm:max-w-sm">
              <FormLabel>Your password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormDescription>
                Confirms it is you. Not needed within 10 minutes of signing in (leave it empty then if you sign in with
                Google or at the Administrator Portal). We e-mail you about every new token.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start sm:col-span-3" disabled={create.isPending}>
          <KeyRound aria-hidden="true" />
          {create.isPending ? 'Creating Token...' : 'Create Token'}
        </Button>
      </form>
    </Form>
  );
}
