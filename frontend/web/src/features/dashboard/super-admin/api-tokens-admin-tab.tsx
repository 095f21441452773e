import {
  getListAllApiTokensQueryKey,
  listAllApiTokens,
  useRevokeAnyApiToken,
  type HeldApiTokenDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { ConfirmButton } from '@/components/confirm-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { TokenDetails } from '../account/api-tokens-tab';
import { PagedRows } from './paged-rows';
import { ADMIN_PAGE_SIZE } from './use-outbox-admin';

/** Every person's API tokens, newest first; the super admin can revoke any of them. */
export function ApiTokensAdminTab() {
  const queryClient = useQueryClient();
  const tokens = usePagedList<HeldApiTokenDto>({
    queryKey: [...getListAllApiTokensQueryKey(), 'paged'],
    pageSize: ADMIN_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: (page, options) => listAllApiTokens(page, options),
  });
  const revoke = useRevokeAnyApiToken({
    mutation: {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) =>
        showMutationError(error, { title: 'Token not revoked', text: serverMessage(error) ?? 'Please try again.' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: getListAllApiTokensQueryKey() }),
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>API Tokens</CardTitle>
        <CardDescription>
          The tokens people made for their programs and apps. Revoke one that leaked or is misused: it stops working at
          once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PagedRows
          list={tokens}
          label="API tokens"
          noun="tokens"
          failed="The tokens could not be loaded."
          empty={
            <>
              <KeyRound className="size-8" aria-hidden="true" />
              <p>Nobody has made an API token.</p>
            </>
          }
          rowLabel={(token) => `${token.name} of ${token.ownerEmail}`}
          row={(token) => (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
              <TokenDetails
                token={token}
                owner={token.ownerUsername ? `${token.ownerUsername} (${token.ownerEmail})` : token.ownerEmail}
              />
              <ConfirmButton
                label="Revoke"
                ariaLabel={`Revoke ${token.name} of ${token.ownerEmail}`}
                disabled={revoke.isPending && revoke.variables?.id === token.id}
                title="Revoke this token?"
                description={`Programs using "${token.name}" of ${token.ownerEmail} will stop working at once. This cannot be undone.`}
                confirm="Revoke"
                onConfirm={() => revoke.mutate({ id: token.id })}
              />
            </div>
          )}
        />
      </CardContent>
    </Card>
  );
}
