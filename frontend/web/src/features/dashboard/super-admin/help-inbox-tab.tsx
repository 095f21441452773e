import { ListHelpMessagesStatus, type HelpMessageDto } from '@grace-stories/sdk/react';
import { Check, Inbox, Mail } from 'lucide-react';
import { useState } from 'react';
import { ListProgress } from '@/components/list-progress';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, waitedFor } from '@/lib/format';
import { StatusFilter } from './status-filter';
import { useDeleteMessage, useHelpInbox, useMarkHandled } from './use-help-inbox';

const VIEWS = [
  { value: ListHelpMessagesStatus.open, label: 'Open' },
  { value: ListHelpMessagesStatus.handled, label: 'Handled' },
] as const;

/** Help centre messages for the super admin: answered by e-mail, then marked handled (or deleted). */
export function HelpInboxTab() {
  const [status, setStatus] = useState<ListHelpMessagesStatus>(ListHelpMessagesStatus.open);
  const inbox = useHelpInbox(status);
  const open = status === ListHelpMessagesStatus.open;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Help Inbox</CardTitle>
        <CardDescription>Messages sent from the help centre. Reply by e-mail, then mark them handled.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StatusFilter label="Messages to show" options={VIEWS} value={status} onChange={setStatus} />
        {inbox.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : inbox.isError && inbox.items.length === 0 ? (
          <p className="text-sm text-destructive">Help messages could not be loaded.</p>
        ) : inbox.items.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">
            <Inbox className="size-8" aria-hidden="true" />
            <p>{open ? 'No open help messages' : 'No handled help messages'}</p>
          </div>
        ) : (
          <>
            <ul className="divide-y" aria-label={open ? 'Open help messages' : 'Handled help messages'}>
              {inbox.items.map((message) => (
                <HelpMessageRow key={message.id} message={message} />
              ))}
            </ul>
            <ListProgress
              shown={inbox.items.length}
              total={inbox.total}
              noun={open ? 'open messages' : 'handled messages'}
              hasMore={inbox.hasNextPage}
              loadingMore={inbox.isFetchingNextPage}
              onShowMore={() => void inbox.fetchNextPage()}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** `mailto:` with the subject filled in; the few characters that would end the address are escaped. */
export function replyHref(message: Pick<HelpMessageDto, 'contactEmail' | 'subject'>): string {
  const address = message.contactEmail.replace(/[%?#&\s]/g, (c) => encodeURIComponent(c));
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

function HelpMessageRow({ message }: { message: HelpMessageDto }) {
  const markHandled = useMarkHandled();
  const remove = useDeleteMessage();
  const busy = markHandled.isPending || remove.isPending;
  const handled = message.handledAt != null;
  return (
    <li className="grid min-w-0 gap-2 py-4" aria-label={message.subject}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">{message.subject}</h3>
        <Badge variant="secondary">{message.categoryLabel}</Badge>
      </div>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        From {message.contactEmail}
        {message.userId ? ' (signed in)' : ''}
      </p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={message.createdAt} className="whitespace-nowrap">
          Sent {formatDateTime(message.createdAt) ?? 'at an unknown time'}
        </time>
        {' · '}
        {handled ? (
          <time dateTime={message.handledAt ?? undefined} className="whitespace-nowrap">
            Handled {formatDateTime(message.handledAt)}
          </time>
        ) : (
          <span className="font-medium whitespace-nowrap text-amber-800">waiting {waitedFor(message.createdAt)}</span>
        )}
      </p>
      <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{message.message}</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <Button asChild size="sm" variant={handled ? 'outline' : 'default'}>
          <a href={replyHref(message)}>
            <Mail aria-hidden="true" />
            Reply by e-mail
          </a>
        </Button>
        {handled ? null : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => markHandled.mutate({ id: message.id })}>
            <Check aria-hidden="true" />
            Mark handled
          </Button>
        )}
        <DeleteMessageButton message={message} disabled={busy} onConfirm={() => remove.mutate({ id: message.id })} />
      </div>
    </li>
  );
}

function DeleteMessageButton({
  message,
  onConfirm,
  disabled,
}: {
  message: HelpMessageDto;
  onConfirm: () => void;
  disabled: boolean;
}) {
  return (
    <ConfirmButton
      disabled={disabled}
      title="Delete help message?"
      description={`This permanently deletes “${message.subject}” from ${message.contactEmail}. Use it for spam or a duplicate; a message you answered can be marked handled instead.`}
      onConfirm={onConfirm}
    />
  );
}
