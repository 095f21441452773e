import { getListBackupsQueryKey, useListBackups, useStartBackup, type BackupDto } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, DatabaseBackup, Download } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';

/** "12.4 MB", "830 KB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const STATE_LABEL: Record<BackupDto['state'], string> = {
  running: 'Running',
  verified: 'Verified',
  failed: 'Failed',
};

function counts(b: BackupDto): string {
  return `${b.people ?? 0} people · ${b.stories ?? 0} stories · ${b.comments ?? 0} comments · ${b.pictures ?? 0} pictures`;
}

/** The last good backup, whether backups are overdue, the recent ones, "Back up now". */
export function BackupsTab() {
  const client = useQueryClient();
  // A backup runs in the background: while one is running, ask again every two seconds.
  const list = useListBackups({
    query: {
      refetchInterval: (query) => (query.state.data?.backups.some((b) => b.state === 'running') ? 2000 : false),
    },
  });
  const start = useStartBackup({
    mutation: {
      onSuccess: (started) => {
        toast({ title: 'Backup started', description: `${started.name} is being written and checked.` });
        return client.invalidateQueries({ queryKey: getListBackupsQueryKey() });
      },
      onError: (error) =>
        showMutationError(error, {
          title: 'Could not start a backup',
          text: serverMessage(error) ?? 'Please try again.',
        }),
    },
  });
  const data = list.data;
  const last = data?.lastGood;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Backups</CardTitle>
          <CardDescription>
            {data && data.everyHours > 0
              ? `A backup of the whole site is taken every ${data.everyHours} hours; the newest ${data.keep} are kept.`
              : 'Scheduled backups are off; take one now.'}{' '}
            Each one is read back and checked before it counts.
          </CardDescription>
        </div>
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          <DatabaseBackup aria-hidden="true" />
          Back up now
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data?.overdue ? (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>Backups have stopped</AlertTitle>
            <AlertDescription>
              The newest good backup is older than twice the interval. Look at the failed ones below and take one now.
            </AlertDescription>
          </Alert>
        ) : null}
        <section aria-labelledby="last-good-backup" className="rounded-md border p-4">
          <h3 id="last-good-backup" className="font-medium">
            Last good backup
          </h3>
          {last ? (
            <p className="text-sm text-muted-foreground">
              {formatDateTime(last.finishedAt)} · {formatBytes(last.bytes)} · {counts(last)}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{list.isPending ? 'Loading…' : 'None yet.'}</p>
          )}
        </section>
        {data && data.backups.length > 0 ? (
          <ul className="grid gap-2" aria-label="Recent backups">
            {data.backups.map((b) => (
              <li key={b.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3 text-sm">
                <span className="font-mono break-all">{b.name}</span>
                <Badge
                  variant={b.state === 'failed' ? 'destructive' : b.state === 'verified' ? 'default' : 'secondary'}
                >
                  {STATE_LABEL[b.state]}
                </Badge>
                <span className="text-muted-foreground">
                  {formatDateTime(b.startedAt)}
                  {b.state === 'verified' ? ` · ${formatBytes(b.bytes)} · ${counts(b)}` : ''}
                </span>
                {b.error ? <span className="w-full text-destructive">{b.error}</span> : null}
                {b.downloadable ? (
                  <Button asChild variant="outline" size="sm" className="ml-auto">
                    <a href={`/api/admin/backups/${encodeURIComponent(b.name)}`} download={b.name}>
                      <Download aria-hidden="true" />
                      Download<span className="sr-only"> {b.name}</span>
                    </a>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
