import {
  useListAuthorStories,
  useListSchedules,
  useMyConsents,
  type ConsentRecordDto,
  type StorySummaryDto,
} from '@grace-stories/sdk/react';
import { BookOpen, CalendarClock, CheckCircle, Clock, FileText, MessageSquareText, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { useState, type ComponentType, type ReactNode } from 'react';
import { NoticePage } from '@/components/layout/notice-page';
import { PageShell } from '@/components/layout/page-shell';
import { SignedOutRedirect } from '@/components/layout/signed-out-redirect';
import { StoryCard, StoryCardSkeleton } from '@/stories/components/story-card';
import { StoryFormDialog } from '@/stories/components/story-form/story-form-dialog';
import { RejectionReason, StoryPublicationBadges } from '@/stories/components/story-status-badges';
import { StatCards, type Stat } from '@/components/stat-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth, type User } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { COMMENT_QUEUE, dashboardIsAdminArea } from '@/lib/admin-sections';
import { roleLabel } from '@/lib/roles';
import { contributorCounts } from '@/stories/lib/story-status';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { StoryConsent } from '@/stories/components/story-consent';
import { incompleteCount } from './schedule-status';
import { ScheduleTab } from './schedule-tab';

/** /contributor-dashboard (docs/product.md#screens). */
export function ContributorDashboardPage() {
  const { user } = useAuth();
  if (!user) return <SignedOutRedirect />;
  // Writing stories is what approval gives (the admin roles have it without).
  if (!user.abilities.includes('write_stories')) return <AwaitingApproval user={user} />;
  return <ContributorDashboard user={user} />;
}

function AwaitingApproval({ user }: { user: User }) {
  const label = user.role === 'primary_contributor' ? 'Primary Contributor' : 'Regular Contributor';
  return (
    <NoticePage title="Awaiting Approval" icon={Clock} tone="pending">
      <p className="max-w-md text-muted-foreground">
        Your contributor account is pending admin approval. You&apos;ll be notified once you can start creating content.
      </p>
      <Badge variant="outline" className="border-amber-300 text-amber-800">
        {label} - Pending
      </Badge>
    </NoticePage>
  );
}

/** The form modal's state: closed, creating, or editing one story. */
type Editing = { open: false } | { open: true; storyId: number | null };

function ContributorDashboard({ user }: { user: User }) {
  useDocumentTitle('Contributor Dashboard');
  const [editing, setEditing] = useState<Editing>({ open: false });
  const stories = useListAuthorStories(user.id);
  const schedule = useListSchedules();

  const list = stories.data ?? [];
  const tasks = schedule.data ?? [];
  const counts = contributorCounts(list);
  const stats: Stat[] = [
    { title: 'Total Stories', value: counts.total, icon: BookOpen },
    { title: 'Published', value: counts.published, icon: CheckCircle },
    { title: 'Drafts', value: counts.drafts, icon: FileText },
    { title: 'Upcoming Tasks', value: incompleteCount(tasks), icon: CalendarClock },
  ];
  const openEditor = (storyId: number | null) => setEditing({ open: true, storyId });

  return (
    <PageShell className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-serif text-4xl font-semibold tracking-tight">Contributor Dashboard</h1>
            <Badge variant="secondary">{roleLabel(user.role)}</Badge>
          </div>
          <p className="text-muted-foreground">
            Welcome back, {user.firstName || user.username || 'Friend'}! Ready to inspire others?
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.abilities.includes('moderate_comments') && !dashboardIsAdminArea(user.abilities) && (
            // Someone who moderates comments but whose dashboard is not the admin area (an approved
            // primary contributor) reaches the comment queue from here; the admin area shows them only it.
            <Button asChild size="lg" variant="outline">
              <Link href={COMMENT_QUEUE}>
                <MessageSquareText aria-hidden="true" />
                Pending Comments
              </Link>
            </Button>
          )}
          <Button size="lg" onClick={() => openEditor(null)}>
            <Plus aria-hidden="true" />
            Create Story
          </Button>
        </div>
      </div>

      <StatCards stats={stats} label="Overview" className="sm:grid-cols-2 lg:grid-cols-4" />

      <Tabs defaultValue="stories">
        <TabsList>
          <TabsTrigger value="stories">My Stories</TabsTrigger>
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
        </TabsList>
        <TabsContent value="stories">
          <MyStories
            stories={list}
            isLoading={stories.isPending}
            viewer={user}
            onEdit={openEditor}
            onCreate={() => openEditor(null)}
          />
        </TabsContent>
        <TabsContent value="schedule">
          <ScheduleTab
            tasks={tasks}
            isLoading={schedule.isPending}
            // A 401 is not the schedule's failure: the visitor is being sent to sign in.
            isError={schedule.isError && !isUnauthorizedError(schedule.error)}
            empty={(addButton) => (
              <EmptyState
                icon={CalendarClock}
                title="No Scheduled Tasks"
                text="Plan deadlines for your stories; we e-mail a reminder 48 hours before each is due."
              >
                {addButton}
              </EmptyState>
            )}
          />
        </TabsContent>
      </Tabs>

      <StoryFormDialog
        open={editing.open}
        onOpenChange={(open) => setEditing(open ? editing : { open: false })}
        authorId={user.id}
        storyId={editing.open ? editing.storyId : null}
      />
    </PageShell>
  );
}

function MyStories({
  stories,
  isLoading,
  viewer,
  onEdit,
  onCreate,
}: {
  stories: StorySummaryDto[];
  isLoading: boolean;
  viewer: User;
  onEdit: (storyId: number) => void;
  onCreate: () => void;
}) {
  const consents = useMyConsents();
  // What the author agreed to, and the way to take it back: the latest record of each story
  // decides (they come oldest first), as on the member's My Stories.
  const latest = new Map<number, ConsentRecordDto>();
  for (const record of consents.data ?? []) latest.set(record.storyId, record);
  if (isLoading) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <StoryCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (stories.length === 0) {
    return (
      <EmptyState icon={BookOpen} title="No Stories Yet" text="Share your first testimony, study or video.">
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create Story
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="My stories">
      {stories.map((story) => (
        <li key={story.id} className="flex">
          <StoryCard
            story={story}
            className="w-full"
            actions={{ viewer, onEdit }}
            badges={<StoryPublicationBadges story={story} />}
          >
            <RejectionReason story={story} />
            <StoryConsent storyId={story.id} record={latest.get(story.id)} />
          </StoryCard>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 p-10 text-center">
        <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
        {children}
      </CardContent>
    </Card>
  );
}
