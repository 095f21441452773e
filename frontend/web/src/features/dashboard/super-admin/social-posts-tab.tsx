import { ListSocialPostsStatus, type SocialPostDto } from '@grace-stories/sdk/react';
import { ExternalLink, RotateCcw, Share2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { ConfirmButton } from '@/components/confirm-button';
import { PagedRows, tries } from './paged-rows';
import { StatusFilter } from './status-filter';
import { useCancelPost, useRetryPost, useSocialPosts } from './use-outbox-admin';

type View = ListSocialPostsStatus | 'all';

const VIEWS = [
  { value: 'all', label: 'All' },
  { value: ListSocialPostsStatus.queued, label: 'Queued' },
  { value: ListSocialPostsStatus.posted, label: 'Posted' },
  { value: ListSocialPostsStatus.failed, label: 'Failed' },
  { value: ListSocialPostsStatus.cancelled, label: 'Cancelled' },
  { value: ListSocialPostsStatus.deleted, label: 'Deleted' },
] as const satisfies readonly { value: View; label: string }[];

const PLATFORM: Record<SocialPostDto['platform'], string> = {
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

const STATUS_LABEL: Record<SocialPostDto['status'], string> = {
  queued: 'Queued',
  posted: 'Posted',
  failed: 'Failed',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

/** Stories exported to social platforms, newest first: retry a failed post, cancel a queued one. */
export function SocialPostsTab() {
  const [view, setView] = useState<View>('all');
  const posts = useSocialPosts(view === 'all' ? undefined : view);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Social Posts</CardTitle>
        <CardDescription>
          Each exported story is posted once per platform by the site&apos;s accounts. Instagram posts wait for someone
          to share them by hand.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StatusFilter label="Posts to show" options={VIEWS} value={view} onChange={setView} />
        <PagedRows
          list={posts}
          label="Social posts"
          noun="posts"
          failed="Social posts could not be loaded."
          empty={
            <>
              <Share2 className="size-8" aria-hidden="true" />
              <p>No social posts</p>
            </>
          }
          rowLabel={(post) => `${post.storyTitle ?? 'Deleted story'} on ${PLATFORM[post.platform]}`}
          row={(post) => <PostRow post={post} />}
        />
      </CardContent>
    </Card>
  );
}

function PostRow({ post }: { post: SocialPostDto }) {
  const retry = useRetryPost();
  const cancel = useCancelPost();
  const busy = retry.isPending || cancel.isPending;
  return (
    <>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">
          {post.storyTitle == null ? (
            <span className="text-muted-foreground">(deleted story)</span>
          ) : (
            <Link
              href={`/stories/${post.storyId}`}
              className="underline decoration-primary/30 underline-offset-4 hover:text-primary hover:decoration-primary"
            >
              {post.storyTitle}
            </Link>
          )}
        </h3>
        <Badge variant="outline">{PLATFORM[post.platform]}</Badge>
        <Badge variant={post.status === 'failed' ? 'destructive' : 'secondary'}>{STATUS_LABEL[post.status]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={post.createdAt} className="whitespace-nowrap">
          Exported {formatDateTime(post.createdAt)}
        </time>
        {post.postedAt ? (
          <>
            {' · '}
            <time dateTime={post.postedAt} className="whitespace-nowrap">
              posted {formatDateTime(post.postedAt)}
            </time>
          </>
        ) : null}
        {post.attempts > 0 ? <span className="whitespace-nowrap">{` · ${tries(post.attempts)}`}</span> : null}
      </p>
      {post.lastError ? (
        <p className="text-sm text-destructive [overflow-wrap:anywhere]">Last error: {post.lastError}</p>
      ) : null}
      {post.deletion ? <DeletionLine deletion={post.deletion} platform={PLATFORM[post.platform]} /> : null}
      <div className="flex flex-wrap gap-2">
        {post.postedUrl && post.status !== 'deleted' ? (
          <Button asChild size="sm" variant="outline">
            <a href={post.postedUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              View post
            </a>
          </Button>
        ) : null}
        {post.status === 'failed' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => retry.mutate({ id: post.id })}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        ) : null}
        {post.status === 'queued' ? (
          <ConfirmButton
            label="Cancel post"
            icon={<X aria-hidden="true" />}
            disabled={busy}
            title="Cancel this post?"
            description={`The story will not be posted to ${PLATFORM[post.platform]}. A reviewer can export it again later.`}
            confirm="Cancel post"
            cancel="Keep it"
            onConfirm={() => cancel.mutate({ id: post.id })}
          />
        ) : null}
      </div>
    </>
  );
}

/** Where the deletion of a post stands, once its author withdrew consent. */
function DeletionLine({ deletion, platform }: { deletion: NonNullable<SocialPostDto['deletion']>; platform: string }) {
  if (deletion.status === 'deleted') {
    return (
      <p className="text-sm text-muted-foreground">
        Consent withdrawn: deleted on {platform}
        {deletion.deletedAt ? (
          <>
            {' '}
            <time dateTime={deletion.deletedAt} className="whitespace-nowrap">
              {formatDateTime(deletion.deletedAt)}
            </time>
          </>
        ) : null}
        .
      </p>
    );
  }
  if (deletion.status === 'failed') {
    return (
      <p className="text-sm text-destructive [overflow-wrap:anywhere]">
        Consent withdrawn, but the site could not delete this post ({deletion.lastError ?? 'no details'}). Remove it on{' '}
        {platform} by hand.
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
      Consent withdrawn: deletion on {platform} queued
      {deletion.attempts > 0
        ? ` (${tries(deletion.attempts)}${deletion.lastError ? `, last error: ${deletion.lastError}` : ''})`
        : ''}
      .
    </p>
  );
}
