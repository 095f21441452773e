import type { AdminSubscriptionDto, SubscriberSummaryDto, SubscriptionBounceDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sampleUser({ id: 'admin-id', username: 'admin', firstName: 'Super', role: 'super_admin' });

const summary: SubscriberSummaryDto = {
  pending: 1,
  confirmed: 2,
  unsubscribed: 0,
  suspended: 1,
  confirmedByFrequency: { each: 1, weekly: 1, monthly: 0 },
  defaultFrequency: 'weekly',
};

const ruth: AdminSubscriptionDto = {
  id: 7,
  email: 'ruth@example.org',
  status: 'suspended',
  frequency: 'weekly',
  categories: [],
  createdAt: '2026-11-01T10:00:00Z',
  confirmedAt: '2026-11-01T10:05:00Z',
  consent: { wording: 'Get new stories by e-mail.', page: '/stories/4', at: '2026-11-01T10:00:00Z' },
  hardBounces: 2,
};
const naomi: AdminSubscriptionDto = {
  ...ruth,
  id: 8,
  email: 'naomi@example.org',
  status: 'confirmed',
  frequency: 'each',
  categories: ['Healing'],
  hardBounces: 0,
};

const bounce: SubscriptionBounceDto = {
  id: 3,
  subscriptionId: 7,
  address: 'ruth@example.org',
  status: '5.1.1',
  diagnostic: 'smtp; 550 5.1.1 User unknown',
  rawReport: 'Content-Type: multipart/report; report-type=delivery-status\n\nReporting-MTA: dns; mx.example.net',
  receivedAt: '2026-11-20T08:00:00Z',
};

function table(extra: FetchTable = {}): FetchTable {
  return {
    ...signedOut,
    'GET /api/user': { body: admin },
    'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
    'GET /api/admin/users': { body: [admin] },
    'GET /api/admin/stories/pending': { body: [] },
    'GET /api/admin/queues': {
      body: { comments: 0, newStories: 0, edits: 0, people: 0, helpOpen: 0, mailFailed: 0, socialFailed: 0 },
    },
    'GET /api/admin/subscriptions/summary': { body: summary },
    'GET /api/admin/subscriptions': (url) => {
      const status = url.searchParams.get('status');
      const list = [ruth, naomi].filter((s) => !status || s.status === status);
      return { body: list, headers: { 'X-Total-Count': String(list.length) } };
    },
    'GET /api/admin/subscriptions/bounces': { body: [bounce], headers: { 'X-Total-Count': '1' } },
    ...extra,
  };
}

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('Subscribers', () => {
  it('is in the sidebar and shows the counts, the list, the export and the bounces with their report', async () => {
    renderApp('/dashboard/mail/subscribers', table());
    const figures = await screen.findByRole('list', { name: 'Subscriptions' });
    expect(screen.getByRole('link', { name: 'Subscribers' })).toHaveAttribute('href', '/dashboard/mail/subscribers');
    const counts = screen.getByLabelText('Subscriptions by status');
    await waitFor(() => expect(within(counts).getByText('Confirmed').nextSibling).toHaveTextContent('2'));
    expect(within(counts).getByText('Suspended').nextSibling).toHaveTextContent('1');
    expect(screen.getByText(/Confirmed by frequency: 1 each story, 1 weekly, 0 monthly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/subscriptions/export');

    const row = within(figures).getByRole('listitem', { name: 'ruth@example.org' });
    expect(row).toHaveTextContent('Suspended');
    expect(row).toHaveTextContent('Weekly digest · All categories · 2 reported failures');
    expect(row).toHaveTextContent('on /stories/4');
    expect(within(figures).getByRole('listitem', { name: 'naomi@example.org' })).toHaveTextContent('Healing');

    const bounces = await screen.findByRole('list', { name: 'Bounces' });
    const reported = within(bounces).getByRole('listitem', { name: 'ruth@example.org 5.1.1' });
    expect(reported).toHaveTextContent('smtp; 550 5.1.1 User unknown');
    const details = reported.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(within(reported).getByText('Raw report'));
    expect(details).toHaveAttribute('open');
    expect(within(reported).getByText(/Reporting-MTA: dns; mx.example.net/)).toBeVisible();
  });

  it('filters by status', async () => {
    const { fetchMock } = renderApp('/dashboard/mail/subscribers', table());
    await screen.findByRole('list', { name: 'Subscriptions' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmed' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(
      calls(fetchMock, 'GET', '/api/admin/subscriptions').some(([url]) => String(url).includes('status=confirmed')),
    ).toBe(true);
  });

  it('chooses the default frequency', async () => {
    const { fetchMock } = renderApp(
      '/dashboard/mail/subscribers',
      table({ 'PUT /api/admin/subscriptions/default-frequency': { body: { frequency: 'monthly' } } }),
    );
    const choice = await screen.findByRole('combobox', { name: 'Default for new sign-ups' });
    await waitFor(() => expect(choice).toHaveValue('weekly'));
    await userEvent.selectOptions(choice, 'Monthly digest');
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/subscriptions/default-frequency')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'PUT', '/api/admin/subscriptions/default-frequency')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ frequency: 'monthly' });
    expect(await screen.findByText('Default frequency saved')).toBeInTheDocument();
  });

  it('removes a subscriber only after confirming', async () => {
    const { fetchMock } = renderApp(
      '/dashboard/mail/subscribers',
      table({ 'DELETE /api/admin/subscriptions/7': { status: 204 } }),
    );
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    const row = within(list).getByRole('listitem', { name: 'ruth@example.org' });
    await userEvent.click(within(row).getByRole('button', { name: 'Remove ruth@example.org' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove ruth@example.org?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/admin/subscriptions/7')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Remove ruth@example.org' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/admin/subscriptions/7')).toHaveLength(1));
    expect(await screen.findByText('Subscriber removed')).toBeInTheDocument();
  });
});
