import {
  getListApiTokensQueryKey,
  useListApiTokens,
  useRevokeApiToken,
  type ApiTokenDto,
  type TokenScopeDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { CreateTokenForm } from './create-token-form';

export const SCOPE_LABELS: Record<TokenScopeDto, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

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
