import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoading, useFirstPaintReplaced } from '@/app/first-paint';
import { LandingPage } from '@/features/landing/landing-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { authQuery, useAuth } from '@/hooks/use-auth';
import { useFocusOnNavigate } from '@/hooks/use-focus-on-navigate';

// Only the landing page (a visitor's first view) comes with the first script; every other
// page loads when first opened, so a phone downloads less up front (the landing
// page's script stays under 120 KB gzipped, `scripts/bundle-budget.mjs` checks it).
const HomePage = lazy(() => import('@/features/home/home-page').then((m) => ({ default: m.HomePage })));
const StoriesPage = lazy(() => import('@/features/browse/stories-page').then((m) => ({ default: m.StoriesPage })));
const StoryDetailPage = lazy(() =>
  import('@/features/story-page/story-detail-page').then((m) => ({ default: m.StoryDetailPage })),
);
const ScripturePage = lazy(() =>
  import('@/features/scripture/scripture-page').then((m) => ({ default: m.ScripturePage })),
);
const ScriptureBookPage = lazy(() =>
  import('@/features/scripture/scripture-book-page').then((m) => ({ default: m.ScriptureBookPage })),
);
const ScriptureChapterPage = lazy(() =>
  import('@/features/scripture/scripture-chapter-page').then((m) => ({ default: m.ScriptureChapterPage })),
);
const AuthPage = lazy(() => import('@/features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const ConfirmSubscriptionPage = lazy(() =>
  import('@/features/subscriptions/subscription-link-pages').then((m) => ({ default: m.ConfirmSubscriptionPage })),
);
const ManageSubscriptionPage = lazy(() =>
  import('@/features/subscriptions/subscription-link-pages').then((m) => ({ default: m.ManageSubscriptionPage })),
);
const AdminLoginPage = lazy(() =>
  import('@/features/admin-login/admin-login-page').then((m) => ({ default: m.AdminLoginPage })),
);
const HelpPage = lazy(() => import('@/features/help/help-page').then((m) => ({ default: m.HelpPage })));
const DashboardPage = lazy(() =>
  import('@/features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AdminPage = lazy(() => import('@/features/dashboard/admin-page').then((m) => ({ default: m.AdminPage })));
const ContributorDashboardPage = lazy(() =>
  import('@/features/contributor-dashboard/contributor-dashboard-page').then((m) => ({
    default: m.ContributorDashboardPage,
  })),
);

/** The route table of docs/product.md#screens. */
export function AppRoutes() {
  const { isLoading } = useAuth();
  const client = useQueryClient();
  useFocusOnNavigate();
  useFirstPaintReplaced();
  if (isLoading) return <PageLoading until={client.prefetchQuery(authQuery)} />;

  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={RootPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/subscriptions/confirm" component={ConfirmSubscriptionPage} />
        <Route path="/subscriptions/unsubscribe" component={ManageSubscriptionPage} />
        <Route path="/admin-login" component={AdminLoginPage} />
        <Route path="/help" component={HelpPage} />
        <Route path="/stories" component={StoriesPage} />
        <Route path="/stories/:id">{(params) => <StoryDetailPage key={params.id} id={params.id} />}</Route>
        <Route path="/scripture" component={ScripturePage} />
        <Route path="/scripture/:book">{(params) => <ScriptureBookPage key={params.book} book={params.book} />}</Route>
        <Route path="/scripture/:book/:chapter">
          {(params) => (
            <ScriptureChapterPage
              key={`${params.book}/${params.chapter}`}
              book={params.book}
              chapter={params.chapter}
            />
          )}
        </Route>
        {/* `/dashboard/{section}/{screen}` is the admin area (docs/decisions/consistency.md). */}
        <Route path="/dashboard/:section?/:screen?">
          {(params) => <DashboardPage section={params.section} screen={params.screen} notFound={<NotFoundPage />} />}
        </Route>
        <Route path="/contributor-dashboard" component={ContributorDashboardPage} />
        <Route path="/admin" component={AdminPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * `/`: Home when signed in, the landing page otherwise. It reads the user itself when the route
 * renders, so a sign-out followed by a navigation to `/` (the admin logouts) never shows Home
 * with the previous route table's idea of who is signed in.
 */
function RootPage() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <HomePage /> : <LandingPage />;
}
