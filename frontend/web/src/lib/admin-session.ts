//! The admin sign-in (docs/product.md#screens) keeps the signed-in user under `adminUser` in
//! localStorage; it counts only while that user's role is super_admin. The server session
//! cookie remains what authorises calls.
import type { User } from '@/hooks/use-auth';

export const ADMIN_SESSION_KEY = 'adminUser';

export function storeAdminSession(user: User): void {
  try {
    localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(user));
  } catch {
    // Storage may be unavailable (private mode); the server session still works.
  }
}

export function readAdminSession(): User | null {
  try {
    const raw = localStorage.getItem(ADMIN_SESSION_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/** The stored admin session is valid only for a super_admin. */
export function hasAdminSession(): boolean {
  return readAdminSession()?.role === 'super_admin';
}

export function clearAdminSession(): void {
  try {
    localStorage.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // nothing stored
  }
}
