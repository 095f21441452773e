//! Sample users for screen tests, in the shape of the SDK's `UserDto`.
import type { AbilityDto } from '@grace-stories/sdk/react';
import type { User } from '@/hooks/use-auth';

const EVERYONE: AbilityDto[] = ['read_published', 'post_comment', 'send_help_message', 'manage_own_account'];
const ADMINS: User['role'][] = ['admin', 'sub_admin', 'super_admin'];

/**
 * What the server's permission table (`domain::permissions`) gives this role and approval;
 * the server test `abilities_follow_role_and_approval` pins the same rows.
 */
export function abilitiesOf(role: User['role'], isApproved: boolean): AbilityDto[] {
  const admin = ADMINS.includes(role);
  const approved = isApproved || admin;
  const list: AbilityDto[] = [...EVERYONE];
  if (approved) list.push('write_stories', 'manage_own_schedule', 'use_api_tokens', 'read_members_stories');
  if (approved && (admin || role === 'primary_contributor')) list.push('moderate_comments');
  if (admin) list.push('delete_comments', 'delete_any_story', 'review_stories');
  if (role === 'super_admin')
    list.push(
      'manage_users',
      'read_help_inbox',
      'change_admin_password',
      'read_activity_log',
      'manage_backups',
      'manage_subscribers',
    );
  return list;
}

export function sampleUser(overrides: Partial<User> = {}): User {
  const role = overrides.role ?? 'member';
  const isApproved = overrides.isApproved ?? true;
  return {
    abilities: abilitiesOf(role, isApproved),
    id: '6b1f6a3e-0000-4000-8000-000000000001',
    email: 'ruth@example.org',
    username: 'ruth',
    firstName: 'Ruth',
    lastName: 'Moab',
    profileImageUrl: null,
    authProvider: 'local',
    role: 'member',
    isApproved: true,
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}
