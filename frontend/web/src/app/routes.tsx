import { Route, Switch } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { AdminLoginPage } from '@/features/admin-login/admin-login-page';
import { AdminPage } from '@/features/dashboard/admin-page';
import { AuthPage } from '@/features/auth/auth-page';
import { ContributorDashboardPage } from '@/features/contributor-dashboard/contributor-dashboard-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { HelpPage } from '@/features/help/help-page';
import { HomePage } from '@/features/home/home-page';
import { LandingPage } from '@/features/landing/landing-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { StoryDetailPage } from '@/features/stories/story-detail-page';
import { useAuth } from '@/hooks/use-auth';

/** The route table of spec §2. */
export function AppRoutes() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;

  return (
    <Switch>
      <Route path="/">{isAuthenticated ? <HomePage /> : <LandingPage />}</Route>
      <Route path="/auth" component={AuthPage} />
      <Route path="/admin-login" component={AdminLoginPage} />
      <Route path="/help" component={HelpPage} />
      <Route path="/stories/:id">{(params) => <StoryDetailPage key={params.id} id={params.id} />}</Route>
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/contributor-dashboard" component={ContributorDashboardPage} />
      <Route path="/admin" component={AdminPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
