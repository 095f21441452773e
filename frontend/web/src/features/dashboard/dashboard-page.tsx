import { Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { NoticePage } from '@/components/layout/notice-page';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Badge } from '@/components/ui/badge';
import { useAuth, type User } from '@/hooks/use-auth';
import { isAdminRole, roleLabel } from '@/lib/roles';
import { ResendVerificationButton } from './account/email-verification';
import { ProfileSettings } from './account/profile-settings';
import { SecurityTab } from './account/security-tab';
import { MemberDashboard } from './member/member-dashboard';
import { SubAdminDashboard } from './sub-admin/sub-admin-dashboard';

// Only the super admin opens it, and it is the largest dashboard: its code loads when one
// does, keeping every other person's dashboard within the bundle budget
// (`web/scripts/bundle-budget.mjs`).
const SuperAdminDashboard = lazy(() =>
  import('./super-admin/super-admin-dashboard').then((m) => ({ default: m.SuperAdminDashboard })),
);

/**
 * /dashboard by role: sub_admin → the sub-admin dashboard, super_admin → the super admin
 * dashboard, every other role → 'My Dashboard'. Unapproved non-admin users see the pending notice.
 */
export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  if (user.role === 'sub_admin') return <SubAdminDashboard user={user} />;
  if (user.role === 'super_admin')
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SuperAdminDashboard user={user} />
      </Suspense>
    );
  if (!user.isApproved && !isAdminRole(user.role)) return <PendingNotice user={user} />;
  return <MemberDashboard user={user} />;
}

function PendingNotice({ user }: { user: User }) {
  return (
    <NoticePage title="Awaiting Approval" icon={Clock} tone="pending">
      <p className="max-w-md text-muted-foreground">
        Your account is pending admin approval. You&apos;ll be notified once you can use your dashboard.
      </p>
      <Badge variant="outline" className="border-amber-300 text-amber-800">
        {roleLabel(user.role)} - Pending
      </Badge>
      {!user.emailVerified && (
        <div className="grid justify-items-center gap-2 border-t pt-4">
          <p className="max-w-md text-sm text-muted-foreground">
            Your e-mail address {user.email} is not verified yet. Open the link we sent when you signed up, so the
            administrators know the address is yours.
          </p>
          <ResendVerificationButton />
        </div>
      )}
      {/* Waiting for approval must not keep anyone from their profile, sessions or data. */}
      <details className="w-full border-t pt-4 text-left">
        <summary className="cursor-pointer text-center text-sm font-medium">
          Your account: profile, security and your data
        </summary>
        <div className="mt-4 grid min-w-0 gap-4">
          <ProfileSettings user={user} />
          <SecurityTab />
        </div>
      </details>
    </NoticePage>
  );
}
