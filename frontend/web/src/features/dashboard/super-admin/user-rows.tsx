import type { RoleDto, UserDto } from '@grace-stories/sdk/react';
import { MailCheck, MailWarning } from 'lucide-react';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fullName } from '@/lib/format';

/** Role names as the admin screens show them in the role selects. */
export const ROLE_NAMES: Record<RoleDto, string> = {
  member: 'Member',
  regular_contributor: 'Regular Contributor',
  primary_contributor: 'Primary Contributor',
  admin: 'Admin',
  sub_admin: 'Sub Admin',
  super_admin: 'Super Admin',
};

/**
 * A user row: on a phone the name, e-mail and join date take the whole first line and the
 * controls wrap below them (the role select full width); from `sm` up they share one line.
 */
export const USER_ROW_CLASS = 'flex flex-wrap items-center gap-x-4 gap-y-3 py-4';
export const USER_DETAILS_CLASS = 'w-full min-w-0 sm:w-auto sm:flex-1';

export function displayName(user: UserDto): string {
  return fullName(user) || user.username || user.email;
}

export function RoleSelect({
  user,
  value,
  roles,
  onChange,
  disabled,
}: {
  user: UserDto;
  value: RoleDto;
  roles: readonly RoleDto[];
  onChange: (role: RoleDto) => void;
  disabled?: boolean;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as RoleDto)} disabled={disabled}>
      <SelectTrigger className="w-full sm:w-52" aria-label={`Role for ${displayName(user)}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_NAMES[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Whether the person proved the e-mail address is theirs (the link of the sign-up mail, or Google). */
export function EmailVerificationBadge({ user }: { user: UserDto }) {
  return user.emailVerified ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-800">
      <MailCheck aria-hidden="true" />
      E-mail verified
    </Badge>
  ) : (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
      <MailWarning aria-hidden="true" />
      E-mail not verified
    </Badge>
  );
}

/** Delete with a confirmation dialog. */
export function DeleteUserButton({
  user,
  onConfirm,
  disabled,
}: {
  user: UserDto;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const name = displayName(user);
  return (
    <ConfirmButton
      ariaLabel={`Delete ${name}`}
      disabled={disabled}
      title="Delete user?"
      description={`This permanently deletes ${name} (${user.email}) together with their stories and schedule.`}
      onConfirm={onConfirm}
    />
  );
}
