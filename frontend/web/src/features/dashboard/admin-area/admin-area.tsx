import { ListPendingStoriesKind, useListUsers } from '@grace-stories/sdk/react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSignOut } from '@/hooks/use-sign-out';
import { reviewDashboardTitle } from '@/lib/roles';
import { PendingCommentsPanel } from '../review/pending-comments-panel';
import { PendingStoriesPanel } from '../review/pending-stories-panel';
import { useQueueCounts } from '../review/use-queue-counts';
import { ContentManagement, SubAdminDashboard } from '../sub-admin/sub-admin-dashboard';
import { PendingUsersTab, usePendingUsers } from '../super-admin/pending-users-tab';
import { SUPER_ADMIN_TITLE, SuperAdminDashboard } from '../super-admin/super-admin-dashboard';
import { AdminMenu, AdminSidebar } from './admin-nav';
import { COMMENT_MODERATION_TITLE, CommentModeration } from './comment-moderation';
import { NoAdminAccess } from './no-admin-access';
import {
  findScreen,
  firstAddress,
  screenAddress,
  visibleSections,
  type AdminScreen,
  type AdminSection,
  type ScreenId,
} from '@/lib/admin-sections';

// The super admin's other screens load when first opened: the area's first load (the frame, the
// sidebar and the review queues) stays within the bundle budget (`web/scripts/bundle-budget.mjs`).
const ActivityLogTab = lazy(() =>
  import('../super-admin/activity-log-tab').then((m) => ({ default: m.ActivityLogTab })),
);
const ProfileSettings = lazy(() => import('../account/profile-settings').then((m) => ({ default: m.ProfileSettings })));
const SecurityTab = lazy(() => import('../account/security-tab').then((m) => ({ default: m.SecurityTab })));
const SubscriptionTab = lazy(() => import('../account/subscription-tab').then((m) => ({ default: m.SubscriptionTab })));
const ApiTokensTab = lazy(() => import('../account/api-tokens-tab').then((m) => ({ default: m.ApiTokensTab })));
const AllUsersTab = lazy(() => import('../super-admin/all-users-tab').then((m) => ({ default: m.AllUsersTab })));
const ApiTokensAdminTab = lazy(() =>
  import('../super-admin/api-tokens-admin-tab').then((m) => ({ default: m.ApiTokensAdminTab })),
);
const BackupsTab = lazy(() => import('../super-admin/backups-tab').then((m) => ({ default: m.BackupsTab })));
const ChangePasswordTab = lazy(() =>
  import('../super-admin/change-password-tab').then((m) => ({ default: m.ChangePasswordTab })),
);
const HelpInboxTab = lazy(() => import('../super-admin/help-inbox-tab').then((m) => ({ default: m.HelpInboxTab })));
const MailOutboxTab = lazy(() => import('../super-admin/mail-outbox-tab').then((m) => ({ default: m.MailOutboxTab })));
const SiteSettingsTab = lazy(() =>
  import('../super-admin/site-settings-tab').then((m) => ({ default: m.SiteSettingsTab })),
);
const SubscribersScreen = lazy(() =>
  import('../subscribers/subscribers-screen').then((m) => ({ default: m.SubscribersScreen })),
);
const SocialPostsTab = lazy(() =>
  import('../super-admin/social-posts-tab').then((m) => ({ default: m.SocialPostsTab })),
);

/**
 * `/dashboard/{section}/{screen}`: the admin area (docs/decisions/consistency.md, "An admin area
 * with a map"). The frame around it follows what the person may do: the super admin's for someone
 * who manages people, the reviewers' for someone who reviews stories, the comment queue's for
 * someone who only moderates comments. A section's own address opens its first screen this
 * person may open; an address they may not open says so beside the sections they may.
 */
export function AdminArea({ user, section, screen }: { user: User; section: string; screen?: string }) {
  const sections = visibleSections(user.abilities);
  const found = findScreen(user.abilities, section, screen);
  // DashboardPage answers an address outside the map with the not-found page.
  if (found.kind === 'unknown') return null;
  if (sections.length === 0) return <NoAdminAccess />;
  if (found.kind === 'section') {
    return <Redirect to={found.first ?? firstAddress(user.abilities) ?? '/dashboard'} replace />;
  }
  return (
    <Frame user={user} screenLabel={found.screen.label}>
      <AdminLayout sections={sections} screen={found.screen}>
        {found.kind === 'screen' ? SCREENS[found.screen.id](user) : <NotYours label={found.screen.label} />}
      </AdminLayout>
    </Frame>
  );
}

/** The page around the sections, chosen by what the person may do; the tab title names the screen. */
function Frame({ user, screenLabel, children }: { user: User; screenLabel: string; children: ReactNode }) {
  const managesPeople = user.abilities.includes('manage_users');
  const reviews = user.abilities.includes('review_stories');
  const title = managesPeople
    ? SUPER_ADMIN_TITLE
    : reviews
      ? reviewDashboardTitle(user.role)
      : COMMENT_MODERATION_TITLE;
  useDocumentTitle(`${screenLabel} · ${title}`);
  if (managesPeople) return <SuperAdminDashboard>{children}</SuperAdminDashboard>;
  if (reviews) return <SubAdminDashboard user={user}>{children}</SubAdminDashboard>;
  return <CommentModeration>{children}</CommentModeration>;
}

/**
 * The sidebar (a menu button on a phone) beside the screen shown. After a move to another screen
 * the focus goes to that screen's heading, so a keyboard or a screen reader continues there
 * rather than at the top of the page.
 */
function AdminLayout({
  sections,
  screen,
  children,
}: {
  sections: AdminSection[];
  screen: AdminScreen;
  children: ReactNode;
}) {
  const counts = useQueueCounts();
  const current = screenAddress(screen);
  const region = useRef<HTMLElement>(null);
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    // The screen's own heading (its card's title) takes the focus, as a page's heading does after
    // a navigation (use-focus-on-navigate.ts, whose styles show it). A screen still loading has
    // none yet: the screen itself holds the focus until its heading appears.
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const box = region.current;
      if (!box) return;
      // While a screen loads, React keeps the previous one in the page, hidden with `display: none`.
      const heading = [...box.querySelectorAll<HTMLElement>('h2, h3')].find(
        (h) => !h.closest('[style*="display: none"]'),
      );
      if (heading) {
        if (document.activeElement !== box && timer !== undefined) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (timer === undefined) box.focus();
      if (Date.now() - started < 5000) timer = setTimeout(focusHeading, 50);
    };
    focusHeading();
    return () => clearTimeout(timer);
  }, [current]);
  const nav = { sections, current, counts: counts.data };
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8">
      <AdminSidebar {...nav} />
      <div className="grid min-w-0 content-start gap-4">
        <AdminMenu {...nav} currentLabel={screen.label} />
        <section
          ref={region}
          tabIndex={-1}
          aria-label={screen.label}
          className="min-w-0 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <Suspense fallback={<p className="p-6 text-sm text-muted-foreground">Loading...</p>}>{children}</Suspense>
        </section>
      </div>
    </div>
  );
}

/**
 * What each screen shows; each keeps the content and behaviour it had as a dashboard tab. A
 * screen added to the map without an entry here does not compile.
 */
const SCREENS: Record<ScreenId, (user: User) => ReactNode> = {
  'people/pending': () => <PendingUsersScreen />,
  'people/all': (user) => <AllUsersScreen user={user} />,
  // The reviewers' queue carries the documented Edit button (without an action); the super
  // admin's does not.
  'moderation/stories': (user) => (
    <PendingStoriesPanel kind={ListPendingStoriesKind.new} withEdit={!user.abilities.includes('manage_users')} />
  ),
  'moderation/edits': () => <PendingStoriesPanel kind={ListPendingStoriesKind.edit} />,
  'moderation/comments': (user) => <PendingCommentsPanel canDelete={user.abilities.includes('delete_comments')} />,
  'content/tools': () => <ContentManagement />,
  'mail/help-inbox': () => <HelpInboxTab />,
  'mail/outbox': () => <MailOutboxTab />,
  'mail/social': () => <SocialPostsTab />,
  'mail/subscribers': () => <SubscribersScreen />,
  'site/settings': () => <SiteSettingsScreen />,
  'site/backups': () => <BackupsTab />,
  'site/tokens': () => <ApiTokensAdminTab />,
  'site/activity': () => <ActivityLogTab />,
  'site/password': (user) => <ChangePasswordTab defaultUsername={user.username ?? ''} />,
  'account/profile': (user) => <ProfileSettings user={user} />,
  'account/security': () => <SecurityTab />,
  'account/tokens': () => <ApiTokensTab />,
  'account/subscription': () => <SubscriptionTab />,
};

// The frame's figures read the same two lists; the queries are shared, so these ask nothing twice.
function PendingUsersScreen() {
  return <PendingUsersTab pending={usePendingUsers()} />;
}

function AllUsersScreen({ user }: { user: User }) {
  const all = useListUsers();
  return <AllUsersTab users={all.data ?? []} isLoading={all.isPending} currentUserId={user.id} />;
}

function SiteSettingsScreen() {
  const { signOut, isPending } = useSignOut();
  return <SiteSettingsTab onAdminLogout={() => void signOut()} loggingOut={isPending} />;
}

function NotYours({ label }: { label: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{label}</CardTitle>
        <CardDescription>This screen is not among the ones you may use. Choose one of your sections.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
