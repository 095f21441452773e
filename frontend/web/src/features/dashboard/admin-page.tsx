import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { NoticePage } from '@/components/layout/notice-page';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Button } from '@/components/ui/button';
import { SubAdminDashboard } from './sub-admin/sub-admin-dashboard';
import { SuperAdminDashboard } from './super-admin/super-admin-dashboard';
import { useAuth } from '@/hooks/use-auth';
import { isAdminRole } from '@/lib/roles';

/**
 * /admin — the admin area the header links for super and sub admins: the super admin's
 * dashboard for a super admin, the review dashboard for the other admin roles, and a
 * plain "no access" page for everyone else (the server refuses their calls anyway).
 */
export function AdminPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  if (user.role === 'super_admin') return <SuperAdminDashboard user={user} />;
  if (isAdminRole(user.role)) return <SubAdminDashboard user={user} />;
  return <NoAccess />;
}

function NoAccess() {
  return (
    <NoticePage title="Admin Panel" icon={ShieldAlert} tone="neutral">
      <p className="max-w-md text-muted-foreground">The admin area is for administrators only.</p>
      <Button asChild variant="outline">
        <Link href="/">Back to Home</Link>
      </Button>
    </NoticePage>
  );
}
