import { sampleUser } from '@/test/users';
import {
  ADMIN_SESSION_KEY,
  clearAdminSession,
  hasAdminSession,
  readAdminSession,
  storeAdminSession,
} from './admin-session';

afterEach(() => localStorage.clear());

describe('the stored admin session', () => {
  it('counts only for a super admin', () => {
    storeAdminSession(sampleUser({ role: 'super_admin' }));
    expect(hasAdminSession()).toBe(true);
    storeAdminSession(sampleUser({ role: 'sub_admin' }));
    expect(hasAdminSession()).toBe(false);
  });

  it('is gone after logout and ignores unreadable entries', () => {
    storeAdminSession(sampleUser({ role: 'super_admin' }));
    clearAdminSession();
    expect(readAdminSession()).toBeNull();
    localStorage.setItem(ADMIN_SESSION_KEY, '{not json');
    expect(hasAdminSession()).toBe(false);
  });
});
