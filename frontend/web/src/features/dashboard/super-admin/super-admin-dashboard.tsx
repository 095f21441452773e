import { ListPendingStoriesKind, useListUsers } from '@grace-stories/sdk/react';
import { FileClock, Home, LogOut, UserCog, Users } from 'lucide-react';
import { useLocation } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { StatCards, type Stat } from '@/components/stat-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { User } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSignOut } from '@/hooks/use-sign-out';
import { PendingCommentsPanel } from '../review/pending-comments-panel';
import { PendingStoriesPanel } from '../review/pending-stories-panel';
import { QueueCount } from '../review/queue-count';
import { useQueueCounts } from '../review/use-queue-counts';
import { ActivityLogTab } from './activity-log-tab';
import { ApiTokensAdminTab } from './api-tokens-admin-tab';
import { BackupsTab } from './backups-tab';
import { AllUsersTab } from './all-users-tab';
import { ChangePasswordTab } from './change-password-tab';
import { HelpInboxTab } from './help-inbox-tab';
import { MailOutboxTab } from './mail-outbox-tab';
import { PendingUsersTab, usePendingUsers } from './pending-users-tab';
import { SiteSettingsTab } from './site-settings-tab';
import { SocialPostsTab } from './social-posts-tab';

/** The super admin dashboard (docs/product.md#screens). */
export function SuperAdminDashboard({ user }: { user: User }) {
  useDocumentTitle('Super Admin Dashboard');
  const [, navigate] = useLocation();
  const { signOut, isPending: signingOut } = useSignOut();
  const pending = usePendingUsers();
  const all = useListUsers();
  const counts = useQueueCounts();

  // useSignOut clears the `adminUser` entry too (every sign-out does).
  const adminLogout = () => void signOut();

  const stats: Stat[] = [
    { title: 'Pending Users', value: pending.total, icon: UserCog },
    { title: 'Pending Stories', value: counts.newStories ?? 0, icon: FileClock },
    { title: 'Total Users', value: all.data?.length ?? 0, icon: Users },
  ];

  return (
    <div className="min-h-screen bg-gradient-to-b from-slate-50 to-background">
      <header className="border-b bg-background/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6 lg:px-8">
          <Brand />
          <Badge variant="secondary">Super Administrator</Badge>
          <div className="ml-auto flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => navigate('/')}>
              <Home aria-hidden="true" />
              Home
            </Button>
            <Button variant="ghost" size="sm" onClick={adminLogout} disabled={signingOut}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-1">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">Super Admin Dashboard</h1>
          <p className="text-muted-foreground">Approve people, manage roles and keep the site in order.</p>
        </div>

        <StatCards stats={stats} label="Overview" className="sm:grid-cols-3" />

        <Tabs defaultValue="pending-users">
          <TabsList>
            <TabsTrigger value="pending-users">
              Pending Users <QueueCount count={counts.people} />
            </TabsTrigger>
            <TabsTrigger value="all-users">All Users</TabsTrigger>
            <TabsTrigger value="pending-stories">
              Pending Stories <QueueCount count={counts.newStories} />
            </TabsTrigger>
            <TabsTrigger value="edits">
              Edits <QueueCount count={counts.edits} />
            </TabsTrigger>
            <TabsTrigger value="pending-comments">
              Pending Comments <QueueCount count={counts.comments} />
            </TabsTrigger>
            <TabsTrigger value="help-inbox">
              Help Inbox <QueueCount count={counts.helpOpen} label="open" />
            </TabsTrigger>
            <TabsTrigger value="mail-outbox">
              Mail Outbox <QueueCount count={counts.mailFailed} label="failed" />
            </TabsTrigger>
            <TabsTrigger value="social-posts">
              Social Posts <QueueCount count={counts.socialFailed} label="failed" />
            </TabsTrigger>
            <TabsTrigger value="activity-log">Activity Log</TabsTrigger>
            <TabsTrigger value="api-tokens">API Tokens</TabsTrigger>
            <TabsTrigger value="backups">Backups</TabsTrigger>
            <TabsTrigger value="site-settings">Site Settings</TabsTrigger>
            <TabsTrigger value="change-password">Change Password</TabsTrigger>
          </TabsList>
          <TabsContent value="pending-users">
            <PendingUsersTab pending={pending} />
          </TabsContent>
          <TabsContent value="all-users">
            <AllUsersTab users={all.data ?? []} isLoading={all.isPending} currentUserId={user.id} />
          </TabsContent>
          <TabsContent value="pending-stories">
            <PendingStoriesPanel kind={ListPendingStoriesKind.new} />
          </TabsContent>
          <TabsContent value="edits">
            <PendingStoriesPanel kind={ListPendingStoriesKind.edit} />
          </TabsContent>
          <TabsContent value="pending-comments">
            <PendingCommentsPanel canDelete />
          </TabsContent>
          <TabsContent value="help-inbox">
            <HelpInboxTab />
          </TabsContent>
          <TabsContent value="mail-outbox">
            <MailOutboxTab />
          </TabsContent>
          <TabsContent value="social-posts">
            <SocialPostsTab />
          </TabsContent>
          <TabsContent value="activity-log">
            <ActivityLogTab />
          </TabsContent>
          <TabsContent value="api-tokens">
            <ApiTokensAdminTab />
          </TabsContent>
          <TabsContent value="backups">
            <BackupsTab />
          </TabsContent>
          <TabsContent value="site-settings">
            <SiteSettingsTab onAdminLogout={adminLogout} loggingOut={signingOut} />
          </TabsContent>
          <TabsContent value="change-password">
            <ChangePasswordTab defaultUsername={user.username ?? ''} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
