//! "Subscribers" (Mail and sharing): who hears of new stories by e-mail, the frequency sign-ups
//! get when they name none, the CSV export, removal, and the permanent failures that
//! delivery-status reports named (docs/decisions/subscriptions.md, "The super admin's side").
import {
  getExportSubscriptionsUrl,
  useSubscriberSummary,
  type AdminSubscriptionDto,
  type FrequencyDto,
  type SubscriptionStatusDto,
} from '@grace-stories/sdk/react';
import { Download, MailX, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmButton } from '@/components/confirm-button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime } from '@/lib/format';
import { FREQUENCIES, frequencyLabel } from '@/subscriptions/components/subscription-fields';
import { PagedRows } from '../super-admin/paged-rows';
import { StatusFilter } from '../super-admin/status-filter';
import { useBounceList, useChooseDefaultFrequency, useRemoveSubscriber, useSubscriberList } from './use-subscribers';

const STATUS_LABEL: Record<SubscriptionStatusDto, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  suspended: 'Suspended',
};

const ALL = 'all';
type Filter = SubscriptionStatusDto | typeof ALL;
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: ALL, label: 'All' },
  ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value: value as SubscriptionStatusDto, label })),
];

export function SubscribersScreen() {
  return (
    <div className="grid gap-6">
      <SummaryCard />
      <ListCard />
      <BouncesCard />
    </div>
  );
}

/** The counts, the default frequency and the export. */
function SummaryCard() {
  const summary = useSubscriberSummary();
  const choose = useChooseDefaultFrequency();
  const data = summary.data;
  const figures: { label: string; value: number | undefined }[] = [
    { label: 'Confirmed', value: data?.confirmed },
    { label: 'Pending', value: data?.pending },
    { label: 'Unsubscribed', value: data?.unsubscribed },
    { label: 'Suspended', value: data?.suspended },
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Subscribers</CardTitle>
          <CardDescription>Who hears of new stories by e-mail, and how often.</CardDescription>
        </div>
        <Button asChild variant="outline">
          <a href={getExportSubscriptionsUrl()} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        {summary.isError ? <p className="text-sm text-destructive">The counts could not be loaded.</p> : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Subscriptions by status">
          {figures.map((f) => (
            <div key={f.label} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="text-2xl font-semibold">{f.value ?? '–'}</dd>
            </div>
          ))}
        </dl>
        {data ? (
          <p className="text-sm text-muted-foreground">
            Confirmed by frequency: {data.confirmedByFrequency.each} each story, {data.confirmedByFrequency.weekly}{' '}
            weekly, {data.confirmedByFrequency.monthly} monthly.
          </p>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="default-frequency">Default for new sign-ups</Label>
          <NativeSelect
            id="default-frequency"
            className="w-72 max-w-full"
            value={data?.defaultFrequency ?? ''}
            disabled={!data || choose.isPending}
            onChange={(event) => choose.mutate({ data: { frequency: event.target.value as FrequencyDto } })}
            aria-describedby="default-frequency-hint"
          >
            {data ? null : <option value="">Loading…</option>}
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
          <p id="default-frequency-hint" className="text-sm text-muted-foreground">
            The sign-up form starts with this choice; each person may pick another.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function ListCard() {
  const [filter, setFilter] = useState<Filter>(ALL);
  const list = useSubscriberList(filter === ALL ? undefined : filter);
  const remove = useRemoveSubscriber();
  return (
    <Card>
      <CardHeader>
        <CardTitle>All subscriptions</CardTitle>
        <CardDescription>Newest first, each with the consent the person gave.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StatusFilter label="Show subscriptions" options={FILTERS} value={filter} onChange={setFilter} />
        <PagedRows
          list={list}
          label="Subscriptions"
          noun="subscriptions"
          failed="The subscriptions could not be loaded."
          empty={
            <>
              <Users className="size-8" aria-hidden="true" />
              <p>No subscriptions{filter === ALL ? ' yet' : ''}</p>
            </>
          }
          rowLabel={(s) => s.email}
          row={(s) => <SubscriptionRow subscription={s} onRemove={() => remove.mutate({ id: s.id })} />}
        />
      </CardContent>
    </Card>
  );
}

function SubscriptionRow({ subscription: s, onRemove }: { subscription: AdminSubscriptionDto; onRemove: () => void }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium break-all">{s.email}</span>
        <Badge variant={s.status === 'suspended' ? 'destructive' : s.status === 'confirmed' ? 'default' : 'secondary'}>
          {STATUS_LABEL[s.status]}
        </Badge>
        <div className="ml-auto">
          <ConfirmButton
            label="Remove"
            ariaLabel={`Remove ${s.email}`}
            title={`Remove ${s.email}?`}
            description="The subscription, its consent record and its bounces are deleted. The person may sign up again."
            confirm="Remove"
            onConfirm={onRemove}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {frequencyLabel(s.frequency)} · {s.categories.length === 0 ? 'All categories' : s.categories.join(', ')}
        {s.hardBounces > 0 ? ` · ${s.hardBounces} reported ${s.hardBounces === 1 ? 'failure' : 'failures'}` : ''}
      </p>
      <p className="text-sm text-muted-foreground">
        Signed up {formatDateTime(s.createdAt)} on {s.consent.page}
        {s.confirmedAt ? ` · confirmed ${formatDateTime(s.confirmedAt)}` : ''}
      </p>
    </>
  );
}

function BouncesCard() {
  const list = useBounceList();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bounces</CardTitle>
        <CardDescription>
          Permanent failures named by delivery-status reports (posted to <code>/api/admin/subscriptions/bounces</code>
          ). The second one suspends the address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PagedRows
          list={list}
          label="Bounces"
          noun="bounces"
          failed="The bounces could not be loaded."
          empty={
            <>
              <MailX className="size-8" aria-hidden="true" />
              <p>No bounces reported</p>
            </>
          }
          rowLabel={(b) => `${b.address} ${b.status}`}
          row={(b) => (
            <>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium break-all">{b.address}</span>
                <Badge variant="destructive">{b.status}</Badge>
                <span className="text-sm text-muted-foreground">{formatDateTime(b.receivedAt)}</span>
              </div>
              {b.diagnostic ? <p className="text-sm break-words text-muted-foreground">{b.diagnostic}</p> : null}
              <details className="text-sm">
                <summary className="cursor-pointer text-primary">Raw report</summary>
                <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-all">
                  {b.rawReport}
                </pre>
              </details>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}
