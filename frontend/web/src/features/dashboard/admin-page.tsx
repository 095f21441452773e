import { Redirect } from 'wouter';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { useAuth } from '@/hooks/use-auth';
import { NoAdminAccess } from './admin-area/no-admin-access';
import { firstAddress } from '@/lib/admin-sections';

/**
 * /admin: the address the header and the avatar menu link. It opens the first screen of the
 * admin area this person may use (docs/decisions/consistency.md): the people waiting for the
 * super admin, the story queue for a reviewer, the comment queue for an approved primary
 * contributor; everyone else sees a plain "no access" page (the server refuses their calls anyway).
 */
export function AdminPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  const first = firstAddress(user.abilities);
  return first ? <Redirect to={first} replace /> : <NoAdminAccess />;
}
