import { RoleDto, type UserDto } from '@grace-stories/sdk/react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useChangeUserRole, useRemoveUser } from './use-user-admin';
import { isSuspended, SuspendedBadge, SuspendedReason, SuspendOrReinstateButton } from './suspend-user';
import { DeleteUserButton, RoleSelect, USER_DETAILS_CLASS, USER_ROW_CLASS, displayName } from './user-rows';

const ALL_ROLES = Object.values(RoleDto);

/**
 * Every account; a role change keeps the account's approval. Suspend pauses a person (with a
 * reason) without deleting anything; Reinstate undoes it. Nobody changes, suspends or deletes themselves.
 */
export function AllUsersTab({
  users,
  isLoading,
  currentUserId,
}: {
  users: UserDto[];
  isLoading: boolean;
  currentUserId: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>All Users</CardTitle>
        <CardDescription>Change roles, suspend or reinstate people, or remove accounts.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : users.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No users</p>
        ) : (
          <ul className="divide-y" aria-label="All users">
            {users.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UserRow({ user, isSelf }: { user: UserDto; isSelf: boolean }) {
  const changeRole = useChangeUserRole();
  const removeUser = useRemoveUser();
  const name = displayName(user);
  const busy = changeRole.isPending || removeUser.isPending;
  return (
    <li className={USER_ROW_CLASS} aria-label={name}>
      <div className={USER_DETAILS_CLASS}>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
          {isSelf && <Badge variant="outline">You</Badge>}
          {isSuspended(user) ? (
            <SuspendedBadge user={user} />
          ) : (
            <Badge variant={user.isApproved ? 'secondary' : 'outline'}>
              {user.isApproved ? 'Approved' : 'Pending'}
            </Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
        <p className="text-xs text-muted-foreground">Joined {formatDate(user.createdAt) ?? 'Unknown'}</p>
        <SuspendedReason user={user} />
      </div>
      <RoleSelect
        user={user}
        value={user.role}
        roles={ALL_ROLES}
        disabled={isSelf || busy}
        onChange={(role) => changeRole.mutate({ userId: user.id, data: { role, isApproved: user.isApproved } })}
      />
      <SuspendOrReinstateButton user={user} disabled={isSelf || busy} />
      <DeleteUserButton
        user={user}
        disabled={isSelf || busy}
        onConfirm={() => removeUser.mutate({ userId: user.id })}
      />
    </li>
  );
}
