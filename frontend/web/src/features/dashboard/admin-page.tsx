import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { PageShell } from '@/components/layout/page-shell';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SubAdminDashboard } from './sub-admin/sub-admin-dashboard';
import { SuperAdminDashboard } from './super-admin/super-admin-dashboard';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
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
  useDocumentTitle('Admin Panel');
  return (
    <PageShell className="mx-auto flex w-full max-w-2xl items-center px-4 py-16 sm:px-6">
      <Card className="w-full">
        <CardContent className="grid justify-items-center gap-4 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
            <ShieldAlert className="size-7" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Admin Panel</h1>
          <p className="max-w-md text-muted-foreground">The admin area is for administrators only.</p>
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </PageShell>
  );
}
