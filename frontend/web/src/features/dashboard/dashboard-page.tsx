import { Clock } from 'lucide-react';
import { PageShell } from '@/components/layout/page-shell';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth, type User } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isAdminRole, roleLabel } from '@/lib/roles';
import { MemberDashboard } from './member/member-dashboard';
import { SubAdminDashboard } from './sub-admin/sub-admin-dashboard';
import { SuperAdminDashboard } from './super-admin/super-admin-dashboard';

/**
 * /dashboard by role: sub_admin → the sub-admin dashboard, super_admin → the super admin
 * dashboard, every other role → 'My Dashboard'. Unapproved non-admin users see the pending notice.
 */
export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  if (user.role === 'sub_admin') return <SubAdminDashboard user={user} />;
  if (user.role === 'super_admin') return <SuperAdminDashboard user={user} />;
  if (!user.isApproved && !isAdminRole(user.role)) return <PendingNotice user={user} />;
  return <MemberDashboard user={user} />;
}

function PendingNotice({ user }: { user: User }) {
  useDocumentTitle('Awaiting Approval');
  return (
    <PageShell className="mx-auto flex w-full max-w-2xl items-center px-4 py-16 sm:px-6">
      <Card className="w-full border-amber-200 bg-amber-50/60">
        <CardContent className="grid justify-items-center gap-4 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700" aria-hidden="true">
            <Clock className="size-7" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Awaiting Approval</h1>
          <p className="max-w-md text-muted-foreground">
            Your account is pending admin approval. You&apos;ll be notified once you can use your dashboard.
          </p>
          <Badge variant="outline" className="border-amber-300 text-amber-800">
            {roleLabel(user.role)} - Pending
          </Badge>
        </CardContent>
      </Card>
    </PageShell>
  );
}
