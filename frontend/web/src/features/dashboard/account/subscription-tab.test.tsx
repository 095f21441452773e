import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = sampleUser();
const CATEGORIES = [
  { id: 1, name: 'Testimonies', storyCount: 2, createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Worship', storyCount: 1, createdAt: '2026-01-01T00:00:00Z' },
];
const confirmed = { email: 'ruth@example.org', frequency: 'each', categories: [], status: 'confirmed' };

function member(table: FetchTable = {}): FetchTable {
  return {
    ...signedOut,
    'GET /api/user': { body: user },
    [`GET /api/stories/author/${user.id}`]: { body: [] },
    'GET /api/categories': { body: CATEGORIES },
    ...table,
  };
}

function bodies(fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => init?.method === method && new URL(String(url), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openSubscription() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
}

describe('Subscription in the member’s dashboard', () => {
  it('shows the current choice and saves a new frequency and categories', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({
        'GET /api/user/subscription': { body: confirmed },
        'PUT /api/user/subscription': { body: { ...confirmed, frequency: 'monthly', categories: ['Worship'] } },
      }),
    );
    await openSubscription();
    const form = within(await screen.findByRole('form', { name: 'Your subscription' }));
    expect(form.getByText(/each story as it is published/)).toBeInTheDocument();
    expect(form.getByRole('radio', { name: 'Each story as it is published' })).toBeChecked();
    await userEvent.click(form.getByRole('radio', { name: 'Monthly digest' }));
    await userEvent.click(form.getByText('Choose categories'));
    await userEvent.click(await form.findByRole('checkbox', { name: 'Worship' }));
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Subscription updated', { exact: true })).toBeInTheDocument();
    expect(bodies(fetchMock, 'PUT', '/api/user/subscription')).toEqual([
      { frequency: 'monthly', categories: ['Worship'] },
    ]);
    expect(await screen.findByText(/monthly digest/)).toBeInTheDocument();
  });

  it('offers the sign-up form with the member’s address when there is none (404)', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({
        'GET /api/user/subscription': { status: 404, body: { code: 'not_found', message: 'You have no subscription' } },
        'POST /api/subscriptions': { status: 202, body: { message: 'Check your inbox to confirm' } },
      }),
    );
    await openSubscription();
    expect(await screen.findByText('You are not subscribed.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Get new stories by e-mail' }));
    expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('ruth@example.org');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    expect(bodies(fetchMock, 'POST', '/api/subscriptions')).toEqual([
      { email: 'ruth@example.org', frequency: 'weekly', categories: [], page: '/dashboard', website: null },
    ]);
  });

  it('asks for a verified address first (403)', async () => {
    renderApp(
      '/dashboard',
      member({
        'GET /api/user/subscription': {
          status: 403,
          body: { code: 'forbidden', message: 'Verify your e-mail address first' },
        },
      }),
    );
    await openSubscription();
    expect(await screen.findByText('Verify your e-mail address first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend verification/i })).toBeInTheDocument();
  });
  it('unsubscribes after asking, then offers the form again', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({
        'GET /api/user/subscription': { body: confirmed },
        'DELETE /api/user/subscription': { body: { ...confirmed, status: 'unsubscribed' } },
      }),
    );
    await openSubscription();
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Unsubscribe?' }));
    expect(dialog.getByText(/No more new stories will be mailed to ruth@example.org/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You unsubscribed, so no new stories are mailed to you. Subscribe again here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your subscription' })).not.toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes).toHaveLength(1);
  });
});
