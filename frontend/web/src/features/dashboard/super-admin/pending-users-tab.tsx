import { RoleDto, getListPendingUsersQueryKey, listPendingUsers, type UserDto } from '@grace-stories/sdk/react';
import { Check, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-button';
import { ListProgress } from '@/components/list-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatDate } from '@/lib/format';
import { useChangeUserRole, useRemoveUser } from './use-user-admin';
import {
  DeleteUserButton,
  EmailVerificationBadge,
  RoleSelect,
  USER_DETAILS_CLASS,
  USER_ROW_CLASS,
  displayName,
} from './user-rows';

/** docs/product.md#screens: a pending user is approved with one of these roles. */
const APPROVAL_ROLES = [RoleDto.member, RoleDto.sub_admin, RoleDto.super_admin] as const;

/** The server's page size (and its largest) for the pending people. */
export const PENDING_USERS_PER_PAGE = 100;

/**
 * Oldest first, a hundred at a time; `total` is how many wait in all (`X-Total-Count`). The key
 * extends the generated one, so the refresh after an approval or a deletion covers every page.
 */
export function usePendingUsers() {
  const params = { limit: PENDING_USERS_PER_PAGE };
  return usePagedList<UserDto>({
    queryKey: [...getListPendingUsersQueryKey(params), 'paged'],
    pageSize: PENDING_USERS_PER_PAGE,
    fetchPage: (page, options) => listPendingUsers(page, options),
  });
}

export function PendingUsersTab({ pending }: { pending: ReturnType<typeof usePendingUsers> }) {
  const users = pending.items;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Users</CardTitle>
        <CardDescription>Approve new accounts with a role, or delete them.</CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : users.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">
            <UserCheck className="size-8" aria-hidden="true" />
            <p>No pending users</p>
          </div>
        ) : (
          <>
            <ul className="divide-y" aria-label="Pending users">
              {users.map((user) => (
                <PendingUserRow key={user.id} user={user} />
              ))}
            </ul>
            <ListProgress
              shown={users.length}
              total={pending.total}
              noun="pending users"
              hasMore={pending.hasNextPage}
              loadingMore={pending.isFetchingNextPage}
              onShowMore={() => void pending.fetchNextPage()}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PendingUserRow({ user }: { user: UserDto }) {
  const [role, setRole] = useState<RoleDto>(RoleDto.member);
  const changeRole = useChangeUserRole();
  const removeUser = useRemoveUser();
  const name = displayName(user);
  const [warning, setWarning] = useState(false);
  const busy = changeRole.isPending || removeUser.isPending;
  const approve = () => changeRole.mutate({ userId: user.id, data: { role, isApproved: true } });
  return (
    <li className={USER_ROW_CLASS} aria-label={name}>
      <div className={USER_DETAILS_CLASS}>
        <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <EmailVerificationBadge user={user} />
          <p className="text-xs text-muted-foreground">Joined {formatDate(user.createdAt) ?? 'Unknown'}</p>
        </div>
      </div>
      <RoleSelect user={user} value={role} roles={APPROVAL_ROLES} onChange={setRole} disabled={busy} />
      <Button
        size="sm"
        disabled={busy}
        // Anyone can sign up with someone else's address: approving one nobody proved is
        // theirs asks first (docs/decisions/account-safety.md).
        onClick={() => (user.emailVerified ? approve() : setWarning(true))}
      >
        <Check aria-hidden="true" />
        Approve
      </Button>
      <ConfirmDialog
        open={warning}
        onOpenChange={setWarning}
        title="Approve without a verified e-mail?"
        description={`${name} has not verified ${user.email}. Anyone can sign up with someone else's address: approve only if you know this person and this address is theirs.`}
        confirm="Approve anyway"
        onConfirm={approve}
      />
      <DeleteUserButton user={user} disabled={busy} onConfirm={() => removeUser.mutate({ userId: user.id })} />
    </li>
  );
}
