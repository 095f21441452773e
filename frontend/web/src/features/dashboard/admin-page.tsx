import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { NoticePage } from '@/components/layout/notice-page';
import { PageShell } from '@/components/layout/page-shell';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SubAdminDashboard } from './sub-admin/sub-admin-dashboard';
import { SuperAdminDashboard } from './super-admin/super-admin-dashboard';
import { PendingCommentsPanel } from './review/pending-comments-panel';
import { useQueueCounts } from './review/use-queue-counts';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isAdminRole } from '@/lib/roles';

/**
 * /admin — the admin area the header links for super and sub admins: the super admin's
 * dashboard for a super admin, the review dashboard for the other admin roles, and a
 * comment queue for an approved primary contributor (who may approve comments), and a plain
 * "no access" page for everyone else (the server refuses their calls anyway).
 */
export function AdminPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  if (user.role === 'super_admin') return <SuperAdminDashboard user={user} />;
  if (isAdminRole(user.role)) return <SubAdminDashboard user={user} />;
  if (user.abilities.includes('moderate_comments')) return <CommentModeration />;
  return <NoAccess />;
}

function CommentModeration() {
  useDocumentTitle('Comment Moderation');
  const counts = useQueueCounts();
  return (
    <PageShell className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">Comment Moderation</h1>
          {counts.comments ? (
            <Badge variant="secondary">
              {counts.comments} {counts.comments === 1 ? 'comment' : 'comments'} waiting
            </Badge>
          ) : null}
        </div>
        <p className="text-muted-foreground">
          As a primary contributor you approve what readers write under the stories.
        </p>
      </div>
      <PendingCommentsPanel canDelete={false} />
    </PageShell>
  );
}

function NoAccess() {
  return (
    <NoticePage title="Admin Panel" icon={ShieldAlert} tone="neutral">
      <p className="max-w-md text-muted-foreground">The admin area is for administrators only.</p>
      <Button asChild variant="outline">
        <Link href="/">Back to Home</Link>
      </Button>
    </NoticePage>
  );
}
