import {
  useListAuthorStories,
  useMyConsents,
  type ConsentRecordDto,
  type StorySummaryDto,
} from '@grace-stories/sdk/react';
import {
  ArrowLeft,
  BookOpen,
  CheckCircle,
  Clock,
  ExternalLink,
  FileText,
  Home,
  Pencil,
  PenLine,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { StoryFormDialog } from '@/stories/components/story-form/story-form-dialog';
import { RejectionReason, StoryStatusBadge } from '@/stories/components/story-status-badges';
import { StatCards, type Stat } from '@/components/stat-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { User } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format';
import { roleLabel } from '@/lib/roles';
import { memberCounts } from '@/stories/lib/story-status';
import { ApiTokensTab } from '../account/api-tokens-tab';
import { ProfileSettings } from '../account/profile-settings';
import { SecurityTab } from '../account/security-tab';
import { SubscriptionTab } from '../account/subscription-tab';
import { StoryConsent } from '@/stories/components/story-consent';

/** 'My Dashboard' (docs/product.md#screens): counts and list from the author's own stories. */
export function MemberDashboard({ user }: { user: User }) {
  useDocumentTitle('My Dashboard');
  const [editingId, setEditingId] = useState<number | null>(null);
  const stories = useListAuthorStories(user.id);
  const list = stories.data ?? [];
  const counts = memberCounts(list);
  const stats: Stat[] = [
    { title: 'Draft Stories', note: 'Ready to submit', value: counts.drafts, icon: FileText },
    { title: 'Pending Review', note: 'Under admin review', value: counts.pendingReview, icon: Clock },
    { title: 'Published', note: 'Live on site', value: counts.published, icon: CheckCircle },
    { title: 'Total Stories', note: 'All time', value: counts.total, icon: BookOpen },
  ];

  return (
    <div className="min-h-screen bg-gradient-to-b from-amber-50/70 to-background">
      <header className="border-b bg-background/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6 lg:px-8">
          <Button asChild variant="ghost" size="sm">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
          <div className="ml-auto flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/">
                <Home aria-hidden="true" />
                Home
              </Link>
            </Button>
            <Badge variant="secondary">{roleLabel(user.role)}</Badge>
          </div>
        </div>
      </header>

      <main className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-1">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">My Dashboard</h1>
          <p className="text-muted-foreground">Welcome back, {user.firstName || user.username || 'Friend'}!</p>
        </div>

        <StatCards stats={stats} label="Story counts" className="sm:grid-cols-2 lg:grid-cols-4" />

        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
            <CardDescription>Share something new or see what the community is sharing.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/contributor-dashboard">
                <PenLine aria-hidden="true" />
                Create New Story
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/">
                <Users aria-hidden="true" />
                View Community Stories
              </Link>
            </Button>
          </CardContent>
        </Card>

        <Tabs defaultValue="stories">
          <TabsList>
            <TabsTrigger value="stories">My Stories</TabsTrigger>
            <TabsTrigger value="profile">Profile Settings</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            <TabsTrigger value="subscription">Subscription</TabsTrigger>
            {user.abilities.includes('use_api_tokens') && <TabsTrigger value="api-tokens">API Tokens</TabsTrigger>}
          </TabsList>
          <TabsContent value="stories">
            <MyStories stories={list} isLoading={stories.isPending} onEdit={setEditingId} />
          </TabsContent>
          <TabsContent value="profile">
            <ProfileSettings user={user} />
          </TabsContent>
          <TabsContent value="security">
            <SecurityTab />
          </TabsContent>
          <TabsContent value="subscription">
            <SubscriptionTab />
          </TabsContent>
          {user.abilities.includes('use_api_tokens') && (
            <TabsContent value="api-tokens">
              <ApiTokensTab />
            </TabsContent>
          )}
        </Tabs>
      </main>

      <StoryFormDialog
        open={editingId !== null}
        onOpenChange={(open) => {
          if (!open) setEditingId(null);
        }}
        authorId={user.id}
        storyId={editingId}
      />
    </div>
  );
}

function MyStories({
  stories,
  isLoading,
  onEdit,
}: {
  stories: StorySummaryDto[];
  isLoading: boolean;
  onEdit: (storyId: number) => void;
}) {
  const consents = useMyConsents();
  // The latest record of each story decides (they come oldest first).
  const latest = new Map<number, ConsentRecordDto>();
  for (const record of consents.data ?? []) latest.set(record.storyId, record);
  if (isLoading) {
    return (
      <Card>
        <CardContent className="p-10 text-center text-sm text-muted-foreground">Loading...</CardContent>
      </Card>
    );
  }
  if (stories.length === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 p-10 text-center">
          <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No stories yet</h2>
          <p className="text-sm text-muted-foreground">Your stories will appear here once you create them.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="p-0">
        <ul className="divide-y" aria-label="My stories">
          {stories.map((story) => {
            // docs/product.md#screens: without an excerpt, the first 100 characters of the content plus '...'
            // (the server's plain-text `preview` of the content, since the list carries no content).
            const excerpt = story.excerpt || (story.preview ? `${story.preview.slice(0, 100).trimEnd()}...` : null);
            return (
              <li key={story.id} aria-label={story.title} className="flex flex-wrap items-start gap-4 p-5">
                <div className="grid min-w-0 flex-1 gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{story.title}</h3>
                    <StoryStatusBadge story={story} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {story.category} · {formatDate(story.updatedAt) ?? formatDate(story.createdAt) ?? 'No date'}
                  </p>
                  {excerpt && <p className="text-sm text-muted-foreground">{excerpt}</p>}
                  <RejectionReason story={story} />
                  <StoryConsent storyId={story.id} record={latest.get(story.id)} />
                </div>
                <div className="flex shrink-0 gap-2">
                  {(story.status === 'draft' || story.status === 'rejected') && (
                    <Button size="sm" variant="outline" onClick={() => onEdit(story.id)}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                  )}
                  {story.status === 'approved' && (
                    <Button asChild size="sm" variant="outline">
                      <Link href={`/stories/${story.id}`}>
                        <ExternalLink aria-hidden="true" />
                        View Published
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
