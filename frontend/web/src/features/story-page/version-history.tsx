import { useListStoryRevisions, type StoryVersionDto } from '@grace-stories/sdk/react';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';

/**
 * Every approved version of a story, newest first, with who wrote and who approved it
 * (`GET /api/stories/{id}/revisions`; its author and reviewers). Each can be read in full.
 */
export function VersionHistory({ storyId }: { storyId: number }) {
  const [open, setOpen] = useState(false);
  const versions = useListStoryRevisions(storyId, { query: { enabled: open } });
  const list = versions.data ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden="true" />
          Version history
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Version history</DialogTitle>
          <DialogDescription>Every approved version of this story, newest first.</DialogDescription>
        </DialogHeader>
        {versions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : versions.isError ? (
          <p className="text-sm text-destructive">The history could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No version has been approved yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Versions">
            {list.map((version, index) => (
              <Version key={version.id} version={version} number={list.length - index} current={index === 0} />
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Version({ version, number, current }: { version: StoryVersionDto; number: number; current: boolean }) {
  const approval = version.approvedBy
    ? `approved by ${version.approvedBy} on ${formatDateTime(version.approvedAt)}`
    : 'published directly by its author';
  return (
    <li className="grid min-w-0 gap-1 rounded-lg border p-3" aria-label={`Version ${number}`}>
      <p className="font-medium">
        Version {number}
        {current ? <span className="ml-2 text-sm font-normal text-muted-foreground">(live now)</span> : null}
      </p>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        Written by {version.writtenBy ?? 'a former member'} on {formatDateTime(version.writtenAt)}; {approval}.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Read this version</summary>
        <div className="mt-2 grid gap-2">
          <p className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">{version.title}</p>
          {version.excerpt ? <p className="text-muted-foreground [overflow-wrap:anywhere]">{version.excerpt}</p> : null}
          {/* The server stores sanitised HTML, as the story page shows it. */}
          <div className="story-content" dangerouslySetInnerHTML={{ __html: version.content }} />
        </div>
      </details>
    </li>
  );
}
