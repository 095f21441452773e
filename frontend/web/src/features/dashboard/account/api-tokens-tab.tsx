import { zodResolver } from '@hookform/resolvers/zod';
import {
  getListApiTokensQueryKey,
  schemas,
  TokenScopeDto,
  useCreateApiToken,
  useListApiTokens,
  useRevokeApiToken,
  type ApiTokenDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmButton } from '@/components/confirm-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError, showServerFieldErrors } from '@/lib/api-errors';
import { formatDate, formatDateTime } from '@/lib/format';

export const SCOPE_LABELS: Record<TokenScopeDto, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

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
});
type TokenValues = z.infer<typeof tokenSchema>;

const TOKEN_FIELDS: readonly Path<TokenValues>[] = ['name', 'scope'];

/**
 * The API tokens tab: tokens that let the person's own programs and apps use the API as them.
 * A new token is shown once, to copy; the list shows when each was last used; any can be revoked.
 */
export function ApiTokensTab() {
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>API Tokens</CardTitle>
          <CardDescription>
            A token lets a program or app of yours use this site&apos;s API as you, with{' '}
            <code className="text-xs">Authorization: Bearer</code>. Keep tokens secret, like a password. A read-only
            token can look but never change anything.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {created ? (
            <NewTokenNotice token={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateTokenForm onCreated={setCreated} />
          )}
        </CardContent>
      </Card>
      <TokenList />
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TokenValues>({
    resolver: zodResolver(tokenSchema),
    defaultValues: { name: '', scope: TokenScopeDto.read, expiry: '90' },
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
        onSubmit={form.handleSubmit(({ name, scope, expiry }) =>
          create.mutate({
            // The form offers only the three lengths the API lists.
            data: { name, scope, expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365) },
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
        <Button type="submit" className="justify-self-start sm:col-span-3" disabled={create.isPending}>
          <KeyRound aria-hidden="true" />
          {create.isPending ? 'Creating Token...' : 'Create Token'}
        </Button>
      </form>
    </Form>
  );
}

function NewTokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the token and copy it yourself.' });
    }
  };
  return (
    <Alert role="status">
      <KeyRound aria-hidden="true" />
      <AlertTitle>Copy your new token now</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>It is shown only this once. If you lose it, revoke it and create another.</p>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            readOnly
            value={token}
            aria-label="Your new API token"
            className="min-w-0 flex-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <Button type="button" size="sm" className="justify-self-start" onClick={onDone}>
          Done
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function TokenList() {
  const queryClient = useQueryClient();
  const tokens = useListApiTokens();
  const revoke = useRevokeApiToken({
    mutation: {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) =>
        showMutationError(error, { title: 'Token not revoked', text: serverMessage(error) ?? 'Please try again.' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() }),
    },
  });
  const list = tokens.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Tokens</CardTitle>
        <CardDescription>A revoked or expired token stops working at once.</CardDescription>
      </CardHeader>
      <CardContent>
        {tokens.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">Could not load your tokens: {tokens.error.message}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no API tokens.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="API tokens">
            {list.map((token) => (
              <li key={token.id} aria-label={token.name} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
                <TokenDetails token={token} />
                <ConfirmButton
                  label="Revoke"
                  ariaLabel={`Revoke ${token.name}`}
                  disabled={revoke.isPending && revoke.variables?.id === token.id}
                  title="Revoke this token?"
                  description={`Programs using "${token.name}" will stop working at once. This cannot be undone.`}
                  confirm="Revoke"
                  onConfirm={() => revoke.mutate({ id: token.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A token's name, access, ending and dates: shared by the person's list and the super admin's. */
export function TokenDetails({ token, owner }: { token: ApiTokenDto; owner?: string }) {
  return (
    <div className="grid min-w-0 flex-1 gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium [overflow-wrap:anywhere]">{token.name}</p>
        <Badge variant="secondary">{SCOPE_LABELS[token.scope]}</Badge>
        {token.expired && <Badge variant="destructive">Expired</Badge>}
      </div>
      {owner && <p className="text-sm [overflow-wrap:anywhere]">Held by {owner}</p>}
      <p className="text-sm text-muted-foreground">
        Ends in <span className="font-mono">…{token.hint}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        Created {formatDate(token.createdAt)}
        {' · '}
        {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'}
        {' · '}
        {token.expiresAt
          ? `${token.expired ? 'expired' : 'expires'} ${formatDate(token.expiresAt)}`
          : 'does not expire'}
      </p>
    </div>
  );
}
