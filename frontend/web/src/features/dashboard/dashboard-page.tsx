import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { useAuth } from '@/hooks/use-auth';
import { dashboardIsAdminArea, firstAddress, isAdminAddress } from '@/lib/admin-sections';
import { isPendingAccount } from '@/lib/roles';

// Each of the three screens loads its code when someone opens it: an admin's first load carries
// no "My Dashboard" and a member's no admin area, each within the bundle budget
// (`web/scripts/bundle-budget.mjs`).
const AdminArea = lazy(() => import('./admin-area/admin-area').then((m) => ({ default: m.AdminArea })));
const MemberDashboard = lazy(() => import('./member/member-dashboard').then((m) => ({ default: m.MemberDashboard })));
const PendingNotice = lazy(() => import('./pending-notice').then((m) => ({ default: m.PendingNotice })));

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
  const first = firstAddress(user.abilities);
  if (!section && first && dashboardIsAdminArea(user.abilities)) return <Redirect to={first} replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      {section ? (
        <AdminArea user={user} section={section} screen={screen} />
      ) : isPendingAccount(user) ? (
        <PendingNotice user={user} />
      ) : (
        <MemberDashboard user={user} />
      )}
    </Suspense>
  );
}
