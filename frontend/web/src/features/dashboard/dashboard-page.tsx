import { Clock } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { NoticePage } from '@/components/layout/notice-page';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Badge } from '@/components/ui/badge';
import { useAuth, type User } from '@/hooks/use-auth';
import { isPendingAccount, roleLabel } from '@/lib/roles';
import { ResendVerificationButton } from './account/email-verification';
import { ProfileSettings } from './account/profile-settings';
import { SecurityTab } from './account/security-tab';
import { dashboardIsAdminArea, firstAddress, isAdminAddress } from '@/lib/admin-sections';
import { MemberDashboard } from './member/member-dashboard';

// The admin area is the largest part of the dashboards: its code loads when someone opens it,
// keeping "My Dashboard" within the bundle budget (`web/scripts/bundle-budget.mjs`).
const AdminArea = lazy(() => import('./admin-area/admin-area').then((m) => ({ default: m.AdminArea })));

/**
 * `/dashboard/{section}/{screen}` is the admin area (docs/decisions/consistency.md). `/dashboard`
 * itself opens the first admin screen for those whose dashboard the admin area is (who review
 * stories or manage people), "My Dashboard" for everyone else, and the pending notice for
 * unapproved non-admin users.
 */
export function DashboardPage({
  section,
  screen,
  notFound,
}: {
  section?: string;
  screen?: string;
  /** What an address outside the map shows (the not-found page, which `routes.tsx` passes). */
  notFound: ReactNode;
}) {
  const { user } = useAuth();
  if (!isAdminAddress(section, screen)) return notFound;
  if (!user) return <SignedOutRedirect />;
  if (section) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminArea user={user} section={section} screen={screen} />
      </Suspense>
    );
  }
  const first = firstAddress(user.abilities);
  if (first && dashboardIsAdminArea(user.abilities)) return <Redirect to={first} replace />;
  if (isPendingAccount(user)) return <PendingNotice user={user} />;
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
