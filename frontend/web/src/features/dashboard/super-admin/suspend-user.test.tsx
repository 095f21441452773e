import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sampleUser({
  id: 'admin-id',
  username: 'admin',
  email: 'admin@example.org',
  firstName: 'Super',
  lastName: 'Admin',
  role: 'super_admin',
});
const member = sampleUser({
  id: 'member-id',
  firstName: 'Ruth',
  lastName: 'Moab',
  email: 'ruth@example.org',
  suspendedReason: null,
});
const suspended = sampleUser({
  id: 'suspended-id',
  firstName: 'Demas',
  lastName: 'Thessalonica',
  email: 'demas@example.org',
  isApproved: false,
  suspendedReason: 'Posted the same advert on every story',
});

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: admin },
  'GET /api/admin/users/pending': { body: [] },
  'GET /api/admin/users': { body: [admin, member, suspended] },
  'GET /api/admin/stories/pending': { body: [] },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

async function allUsers() {
  await userEvent.click(await screen.findByRole('link', { name: 'All Users' }));
  return within(await screen.findByRole('list', { name: 'All users' }));
}

describe('All Users: suspend and reinstate', () => {
  it('suspends a person after asking for a reason, which is required', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'POST /api/admin/users/member-id/suspend': { body: { ...member, isApproved: false, suspendedReason: 'Spam' } },
      }),
    );
    const row = within((await allUsers()).getByRole('listitem', { name: 'Ruth Moab' }));
    expect(row.getByText('Approved')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Suspend Ruth Moab' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend Ruth Moab?' }));
    expect(dialog.getByText(/Their stories stay/)).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('A reason is required')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/users/member-id/suspend')).toHaveLength(0);

    await userEvent.type(dialog.getByLabelText('Reason *'), '  Spam  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/users/member-id/suspend');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Spam' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a suspended person with the badge and reason, and reinstates them', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'POST /api/admin/users/suspended-id/reinstate': {
          body: { ...suspended, isApproved: true, suspendedReason: null },
        },
      }),
    );
    const row = within((await allUsers()).getByRole('listitem', { name: 'Demas Thessalonica' }));
    expect(row.getByText('Suspended')).toBeInTheDocument();
    expect(row.queryByText('Pending')).not.toBeInTheDocument();
    expect(row.getByText('Posted the same advert on every story')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Reinstate Demas Thessalonica' }));
    expect(await screen.findByText('User reinstated')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/users/suspended-id/reinstate')).toHaveLength(1);
  });

  it("says why the server refused, and offers no Suspend on the admin's own row", async () => {
    renderApp(
      '/dashboard',
      table({
        'POST /api/admin/users/member-id/suspend': {
          status: 409,
          body: { message: 'You cannot suspend the last super admin' },
        },
      }),
    );
    const list = await allUsers();
    expect(
      within(list.getByRole('listitem', { name: 'Super Admin' })).getByRole('button', { name: 'Suspend Super Admin' }),
    ).toBeDisabled();
    const row = within(list.getByRole('listitem', { name: 'Ruth Moab' }));
    await userEvent.click(row.getByRole('button', { name: 'Suspend Ruth Moab' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Reason *'), 'Testing');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(
      await screen.findByText('Failed to suspend user. 409: You cannot suspend the last super admin'),
    ).toBeInTheDocument();
  });
});
