import { ListAuditLogAction, type AuditEntryDto, type RoleDto } from '@grace-stories/sdk/react';
import { History, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime, waitedFor } from '@/lib/format';
import { PagedRows } from './paged-rows';
import { useActivityLog } from './use-outbox-admin';
import { ROLE_NAMES } from './user-rows';

/** How the log names each action. */
export const ACTION_LABEL: Record<ListAuditLogAction, string> = {
  story_approved: 'Story approved',
  story_rejected: 'Story rejected',
  story_unpublished: 'Story taken down',
  story_deleted: 'Story deleted',
  edit_approved: 'Edit approved',
  edit_rejected: 'Edit rejected',
  comment_approved: 'Comment approved',
  comment_deleted: 'Comment deleted',
  person_approved: 'Person approved',
  role_changed: 'Role changed',
  person_deleted: 'Person deleted',
  person_suspended: 'Person suspended',
  person_reinstated: 'Person reinstated',
  help_handled: 'Help message handled',
  help_deleted: 'Help message deleted',
  mail_retried: 'Mail retried',
  social_exported: 'Exported to social media',
  social_retried: 'Social post retried',
  social_cancelled: 'Social post cancelled',
  backup_downloaded: 'Backup downloaded',
  api_token_created: 'API token created',
  consent_withdrawn: 'Consent withdrawn',
  social_post_deleted: 'Social post deleted',
  social_deletion_failed: 'Social post not deleted',
  subscriber_removed: 'Subscriber removed',
  subscriber_suspended: 'Subscriber suspended by bounces',
  subscription_default_changed: 'Default mail frequency changed',
};

const ALL = 'all';

/** Who did what, newest first; filtered by action, or by a person (choose their name). */
export function ActivityLogTab() {
  const [action, setAction] = useState<ListAuditLogAction | typeof ALL>(ALL);
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const log = useActivityLog(action === ALL ? undefined : action, actor?.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity Log</CardTitle>
        <CardDescription>
          Every moderation and people action: who, what, which and why, newest first. Entries are never changed. Choose
          a person&apos;s name to see only their actions.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="activity-action">Action</Label>
            {/* A long list: the browser's own select (see NativeSelect). */}
            <NativeSelect
              id="activity-action"
              className="w-60 max-w-full"
              value={action}
              onChange={(event) => setAction(event.target.value as ListAuditLogAction | typeof ALL)}
            >
              <option value={ALL}>All actions</option>
              {Object.values(ListAuditLogAction).map((value) => (
                <option key={value} value={value}>
                  {ACTION_LABEL[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {actor ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setActor(null)}
              aria-label={`Show everyone, not only ${actor.name}`}
            >
              By {actor.name}
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <PagedRows
          list={log}
          label="Activity"
          noun="entries"
          failed="The activity log could not be loaded."
          empty={
            <>
              <History className="size-8" aria-hidden="true" />
              <p>No activity yet</p>
            </>
          }
          rowLabel={(entry) => `${ACTION_LABEL[entry.action]} by ${entry.actorName}`}
          row={(entry) => (
            <EntryRow entry={entry} onActor={() => setActor({ id: entry.actorId, name: entry.actorName })} />
          )}
        />
      </CardContent>
    </Card>
  );
}

/** A role change is logged as `member → sub_admin`; shown with the names the role selects use. */
function reasonText(entry: AuditEntryDto): string | null {
  if (!entry.reason) return null;
  if (entry.action !== 'person_approved' && entry.action !== 'role_changed') return entry.reason;
  const named = (role: string) => (role in ROLE_NAMES ? ROLE_NAMES[role as RoleDto] : role);
  return entry.reason
    .split(' → ')
    .map((role) => named(role.trim()))
    .join(' → ');
}

const STORY_LINK = 'underline decoration-primary/30 underline-offset-4 hover:text-primary hover:decoration-primary';

function EntryRow({ entry, onActor }: { entry: AuditEntryDto; onActor: () => void }) {
  const label = entry.targetLabel ?? `#${entry.targetId}`;
  // A deleted story's page would only say it was not found.
  const linked = entry.targetKind === 'story' && entry.action !== 'story_deleted';
  return (
    <>
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium">{ACTION_LABEL[entry.action]}</span>
        <span className="text-muted-foreground"> · </span>
        {linked ? (
          <Link href={`/stories/${entry.targetId}`} className={STORY_LINK}>
            {label}
          </Link>
        ) : (
          <span>{label}</span>
        )}
      </p>
      {entry.reason ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{reasonText(entry)}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        by{' '}
        <button
          type="button"
          className="font-medium text-foreground underline decoration-muted-foreground/40 underline-offset-4 hover:decoration-foreground"
          onClick={onActor}
          title="Show only this person's actions"
        >
          {entry.actorName}
        </button>
        {' · '}
        <time dateTime={entry.at} title={formatDateTime(entry.at) ?? undefined} className="whitespace-nowrap">
          {waitedFor(entry.at)} ago
        </time>
      </p>
    </>
  );
}
