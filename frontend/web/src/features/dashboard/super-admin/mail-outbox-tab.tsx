import { ListMailOutboxStatus, MailDeliveryMode, type OutboxMessageDto } from '@grace-stories/sdk/react';
import { MailCheck, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { PagedRows, tries } from './paged-rows';
import { StatusFilter } from './status-filter';
import { useMailOutbox, useRetryMessage } from './use-outbox-admin';

type View = ListMailOutboxStatus | 'all';

/** Without a mail server a message is never sent, so "Waiting" would promise too much. */
function statusLabels(delivery: MailDeliveryMode | undefined): Record<OutboxMessageDto['status'], string> {
  return { pending: delivery === MailDeliveryMode.outbox ? 'Not sent' : 'Waiting', sent: 'Sent', failed: 'Failed' };
}

function views(labels: Record<OutboxMessageDto['status'], string>): { value: View; label: string }[] {
  return [
    { value: 'all', label: 'All' },
    { value: ListMailOutboxStatus.pending, label: labels.pending },
    { value: ListMailOutboxStatus.sent, label: labels.sent },
    { value: ListMailOutboxStatus.failed, label: labels.failed },
  ];
}

/** Every mail the site recorded, newest first; a failed one can be tried again. */
export function MailOutboxTab() {
  const [view, setView] = useState<View>('all');
  const outbox = useMailOutbox(view === 'all' ? undefined : view);
  const labels = statusLabels(outbox.delivery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mail Outbox</CardTitle>
        <CardDescription>
          Every message the site sends: approvals, review decisions, help messages and reminders.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outbox.delivery === MailDeliveryMode.outbox ? (
          <Alert>
            <AlertDescription>
              No mail server is configured (SMTP_URL), so messages are only recorded here and in the log. Nobody
              receives them until a mail server is set up.
            </AlertDescription>
          </Alert>
        ) : outbox.delivery === MailDeliveryMode.smtp ? (
          <p className="text-sm text-muted-foreground">
            Sent through the mail server set in SMTP_URL. A message the server keeps refusing is marked Failed and can
            be tried again.
          </p>
        ) : null}
        <StatusFilter label="Messages to show" options={views(labels)} value={view} onChange={setView} />
        <PagedRows
          list={outbox}
          label="Mail messages"
          noun="messages"
          failed="The outbox could not be loaded."
          empty={
            <>
              <MailCheck className="size-8" aria-hidden="true" />
              <p>No messages</p>
            </>
          }
          rowLabel={(message) => message.subject}
          row={(message) => <MessageRow message={message} statusLabel={labels[message.status]} />}
        />
      </CardContent>
    </Card>
  );
}

function MessageRow({ message, statusLabel }: { message: OutboxMessageDto; statusLabel: string }) {
  const retry = useRetryMessage();
  return (
    <>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">{message.subject}</h3>
        <Badge variant={message.status === 'failed' ? 'destructive' : 'secondary'}>{statusLabel}</Badge>
      </div>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">To {message.to}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={message.createdAt} className="whitespace-nowrap">
          Recorded {formatDateTime(message.createdAt)}
        </time>
        {message.sentAt ? (
          <>
            {' · '}
            <time dateTime={message.sentAt} className="whitespace-nowrap">
              sent {formatDateTime(message.sentAt)}
            </time>
          </>
        ) : null}
        {message.attempts > 0 ? <span className="whitespace-nowrap">{` · ${tries(message.attempts)}`}</span> : null}
      </p>
      {message.lastError ? (
        <p className="text-sm text-destructive [overflow-wrap:anywhere]">Last error: {message.lastError}</p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show message</summary>
        <p className="mt-2 rounded-md border-l-4 bg-muted/50 p-3 whitespace-pre-line [overflow-wrap:anywhere]">
          {message.body}
        </p>
      </details>
      {message.status === 'failed' ? (
        <div>
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            onClick={() => retry.mutate({ id: message.id })}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : null}
    </>
  );
}
