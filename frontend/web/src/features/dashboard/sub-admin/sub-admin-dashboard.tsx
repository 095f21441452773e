import { BarChart3, FileClock, FilePen, LayoutDashboard, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/hooks/use-auth';
import { reviewDashboardTitle, reviewerBadge } from '@/lib/roles';
import { useQueueCounts } from '../review/use-queue-counts';

/**
 * The frame of a reviewer's admin area (docs/product.md#screens): the title naming the role
 * ('Sub Admin Dashboard', or 'Admin Dashboard' for the `admin` role), the badge, the welcome and
 * the two cards; `children` is the area's sections (the review queues and Content Management)
 * and the screen shown.
 */
export function SubAdminDashboard({ user, children }: { user: User; children: ReactNode }) {
  const counts = useQueueCounts();

  return (
    <PageShell className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">{reviewDashboardTitle(user.role)}</h1>
          <Badge variant="secondary">{reviewerBadge(user.role)}</Badge>
        </div>
        <p className="text-muted-foreground">
          Welcome back, {user.firstName || user.username || 'Friend'}. Review what the community has written.
        </p>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Overview">
        <li>
          <Card>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">Pending Stories</CardTitle>
              <FileClock className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{counts.newStories ?? 0}</p>
              <p className="text-xs text-muted-foreground">
                Waiting for review
                {counts.edits ? `, and ${counts.edits} ${counts.edits === 1 ? 'edit' : 'edits'}` : ''}
              </p>
            </CardContent>
          </Card>
        </li>
        <li>
          <Card>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">Content Management</CardTitle>
              <LayoutDashboard className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold text-emerald-700">Active</p>
              <p className="text-xs text-muted-foreground">Content tools</p>
            </CardContent>
          </Card>
        </li>
      </ul>

      {children}
    </PageShell>
  );
}

/** Static shortcuts (docs/product.md#screens); the tools behind them are not part of the product yet. */
export function ContentManagement() {
  const tools = [
    { label: 'Access Story Editor', icon: FilePen },
    { label: 'Manage Social Media Posts', icon: Share2 },
    { label: 'View Analytics', icon: BarChart3 },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Content Management</CardTitle>
        <CardDescription>Shortcuts to the content tools. These tools are not available yet.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-3">
        {tools.map(({ label, icon: Icon }) => (
          <Button key={label} variant="outline" className="h-auto justify-start py-4" disabled>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
