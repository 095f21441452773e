//! Sample users for screen tests, in the shape of the SDK's `UserDto`.
import type { User } from '@/hooks/use-auth';

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
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
