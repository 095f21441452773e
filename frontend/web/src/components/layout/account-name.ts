import type { User } from '@/hooks/use-auth';
import { fullName, initials } from '@/lib/format';

/**
 * The account menu's name for `user`, the initials its button shows, and the button's accessible
 * name, which starts with them (WCAG 2.5.3, axe label-content-name-mismatch).
 */
export function accountName(user: User): { name: string; monogram: string; label: string } {
  const name = fullName(user) || user.username || user.email;
  const monogram = initials(name);
  return { name, monogram, label: `${monogram}, account menu for ${name}` };
}

/** The classes of the account menu's button, and of its stand-in's while the menu's chunk loads. */
export const ACCOUNT_BUTTON =
  'rounded-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';
