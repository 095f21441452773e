//! Role names and the labels the header shows for them (docs/product.md#screens, #roles).
import type { User } from '@/hooks/use-auth';

export type Role = User['role'];

const ADMIN_ROLES: readonly Role[] = ['admin', 'sub_admin', 'super_admin'];

export function isAdminRole(role: Role): boolean {
  return ADMIN_ROLES.includes(role);
}

/**
 * Who sees the Admin link and the Admin Panel menu item: every reviewer role. docs/product.md names
 * super_admin and sub_admin; `admin` reviews stories too and otherwise had no way to its queue.
 */
export function canSeeAdminArea(role: Role): boolean {
  return isAdminRole(role);
}

/** The title of a reviewer's dashboard, naming their role. */
export function reviewDashboardTitle(role: Role): string {
  if (role === 'super_admin') return 'Super Admin Dashboard';
  return role === 'sub_admin' ? 'Sub Admin Dashboard' : 'Admin Dashboard';
}

/** The badge beside a reviewer's dashboard title: 'Sub Admin', else 'Admin'. */
export function reviewerBadge(role: Role): string {
  return role === 'sub_admin' ? 'Sub Admin' : 'Admin';
}

/** Admin, Primary Contributor, Regular Contributor; anything else is Member. */
export function roleLabel(role: Role): string {
  if (isAdminRole(role)) return 'Admin';
  if (role === 'primary_contributor') return 'Primary Contributor';
  if (role === 'regular_contributor') return 'Regular Contributor';
  return 'Member';
}

/** An account still waiting for approval; admin roles never wait. */
export function isPendingAccount(user: Pick<User, 'role' | 'isApproved'>): boolean {
  return !user.isApproved && !isAdminRole(user.role);
}

/** The header badge: the label, plus ' (Pending)' for unapproved non-admin users. */
export function roleBadgeText(user: Pick<User, 'role' | 'isApproved'>): string {
  const label = roleLabel(user.role);
  return isPendingAccount(user) ? `${label} (Pending)` : label;
}
