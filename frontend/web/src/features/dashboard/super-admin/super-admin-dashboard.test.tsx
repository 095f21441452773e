import { getGetUserQueryKey, getListPendingUsersQueryKey, getListUsersQueryKey } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION_KEY } from '@/lib/admin-session';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';
import { passwordChangeProblem } from './change-password-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const admin = sampleUser({
  id: 'admin-id',
  username: 'admin',
  email: 'admin@example.org',
  firstName: 'Super',
  lastName: 'Admin',
  role: 'super_admin',
});
const pendingUser = sampleUser({
  id: 'pending-id',
  firstName: 'Lydia',
  lastName: 'Thyatira',
  email: 'lydia@example.org',
  isApproved: false,
  createdAt: '2024-03-05T10:00:00Z',
});
const member = sampleUser({ id: 'member-id', firstName: 'Ruth', lastName: 'Moab', email: 'ruth@example.org' });

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: admin },
  'GET /api/admin/users/pending': { body: [pendingUser] },
  'GET /api/admin/users': { body: [admin, member, pendingUser] },
  'GET /api/admin/stories/pending': { body: [] },
  'GET /api/admin/help-messages': { body: [], headers: { 'X-Total-Count': '0' } },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('super admin dashboard', () => {
  it('shows the header, stats and sections', async () => {
    renderApp('/dashboard', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Super Administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const stats = within(screen.getByRole('list', { name: 'Overview' }));
    await waitFor(() => expect(stats.getByText('Total Users').closest('li')).toHaveTextContent('3'));
    expect(stats.getByText('Pending Users').closest('li')).toHaveTextContent('1');
    expect(stats.getByText('Pending Stories').closest('li')).toHaveTextContent('0');
    // The tabs became the admin area's sidebar, grouped in sections (lib/admin-sections.ts).
    const nav = within(screen.getByRole('navigation', { name: 'Admin sections' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent?.trim())).toEqual([
      'Pending Users',
      'All Users',
      'Pending Stories',
      'Edits',
      'Pending Comments',
      'Content Management',
      'Help Inbox',
      'Mail Outbox',
      'Social Posts',
      'Subscribers',
      'Site Settings',
      'Backups',
      'API Tokens',
      'Activity Log',
      'Change Password',
      'Subscription',
    ]);
  });

  it('pages the pending users: Showing 100 of 130, then Show more loads the rest', async () => {
    const people = Array.from({ length: 130 }, (_, i) =>
      sampleUser({ id: `waiting-${i}`, firstName: 'Waiting', lastName: `Person ${i}`, isApproved: false }),
    );
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'GET /api/admin/users/pending': (url) => {
          const limit = Number(url.searchParams.get('limit'));
          const offset = Number(url.searchParams.get('offset'));
          return { body: people.slice(offset, offset + limit), headers: { 'X-Total-Count': '130' } };
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Pending users' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 130 pending users')).toBeInTheDocument();
    // The stat counts everyone waiting, not the page.
    expect(
      within(screen.getByRole('list', { name: 'Overview' }))
        .getByText('Pending Users')
        .closest('li'),
    ).toHaveTextContent('130');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 130 of 130 pending users', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(130);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const offsets = calls(fetchMock, 'GET', '/api/admin/users/pending').map(([url]) => {
      const params = new URL(String(url), 'http://localhost').searchParams;
      return `${params.get('limit')}/${params.get('offset')}`;
    });
    expect(offsets).toEqual(['100/0', '100/100']);
  }, 30_000);

  it('approves a pending user with the chosen role and refreshes the lists', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'POST /api/admin/users/pending-id/role': { body: { ...pendingUser, isApproved: true, role: 'sub_admin' } },
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    expect(row).toHaveTextContent('lydia@example.org');
    expect(row).toHaveTextContent('Mar 5, 2024');
    await userEvent.click(within(row).getByRole('combobox', { name: 'Role for Lydia Thyatira' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Member', 'Sub Admin', 'Super Admin']);
    await userEvent.click(screen.getByRole('option', { name: 'Sub Admin' }));
    const listsBefore = calls(fetchMock, 'GET', '/api/admin/users/pending').length;
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/users/pending-id/role');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ role: 'sub_admin', isApproved: true });
    await waitFor(() =>
      expect(calls(fetchMock, 'GET', '/api/admin/users/pending').length).toBeGreaterThan(listsBefore),
    );
  });

  it('warns before approving a person whose e-mail is not verified, and approves only once confirmed', async () => {
    const unverified = { ...pendingUser, emailVerified: false };
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'GET /api/admin/users/pending': { body: [unverified] },
        'POST /api/admin/users/pending-id/role': { body: { ...unverified, isApproved: true } },
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve without a verified e-mail?' });
    expect(dialog).toHaveTextContent('Lydia Thyatira has not verified lydia@example.org');
    expect(calls(fetchMock, 'POST', '/api/admin/users/pending-id/role')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'POST', '/api/admin/users/pending-id/role')).toHaveLength(0);
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve anyway' }),
    );
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/users/pending-id/role')).toHaveLength(1);
  });

  it('shows whether each pending person verified their e-mail', async () => {
    const verified = sampleUser({ id: 'verified-id', firstName: 'Phoebe', lastName: 'Cenchreae', isApproved: false });
    renderApp(
      '/dashboard',
      table({ 'GET /api/admin/users/pending': { body: [{ ...pendingUser, emailVerified: false }, verified] } }),
    );
    const unverifiedRow = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    expect(within(unverifiedRow).getByText('E-mail not verified')).toBeInTheDocument();
    const verifiedRow = screen.getByRole('listitem', { name: 'Phoebe Cenchreae' });
    expect(within(verifiedRow).getByText('E-mail verified')).toBeInTheDocument();
  });

  it('says Failed to update user role when the server refuses', async () => {
    renderApp(
      '/dashboard',
      table({ 'POST /api/admin/users/pending-id/role': { status: 403, body: { message: 'Forbidden' } } }),
    );
    const row = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    expect(screen.getByText('Error', { exact: true })).toBeInTheDocument();
  });

  it('deletes a user only after confirming', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'DELETE /api/admin/users/pending-id': { body: { message: 'User deleted' } } }),
    );
    const row = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Lydia Thyatira' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/admin/users/pending-id')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete Lydia Thyatira' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/admin/users/pending-id')).toHaveLength(1);
  });

  it('says Failed to delete user when the delete fails', async () => {
    renderApp(
      '/dashboard',
      table({ 'DELETE /api/admin/users/pending-id': { status: 404, body: { message: 'No such user' } } }),
    );
    const row = await screen.findByRole('listitem', { name: 'Lydia Thyatira' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Lydia Thyatira' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });

  it('changes a role in All Users keeping the approval, never for oneself', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'POST /api/admin/users/member-id/role': { body: { ...member, role: 'primary_contributor' } } }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'All Users' }));
    const self = await screen.findByRole('listitem', { name: 'Super Admin' });
    expect(within(self).getByRole('combobox')).toBeDisabled();
    expect(within(self).getByRole('button', { name: /Delete/ })).toBeDisabled();

    const pendingRow = screen.getByRole('listitem', { name: 'Lydia Thyatira' });
    expect(pendingRow).toHaveTextContent('Pending');

    const row = screen.getByRole('listitem', { name: 'Ruth Moab' });
    const select = within(row).getByRole('combobox', { name: 'Role for Ruth Moab' });
    expect(select).toHaveTextContent('Member');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Primary Contributor' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/users/member-id/role');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ role: 'primary_contributor', isApproved: true });
  });

  it('shows the empty Pending Stories screen and the static site settings', async () => {
    renderApp('/dashboard', table());
    await userEvent.click(await screen.findByRole('link', { name: 'Pending Stories' }));
    expect(await screen.findByText('No pending stories')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Site Settings' }));
    for (const label of [
      'Website Content Management',
      'Layout & Widget Configuration',
      'Media Library Management',
      'Technical Settings',
    ]) {
      // Static in docs/product.md: shown disabled, with a note, rather than as buttons that do nothing.
      expect(await screen.findByRole('button', { name: label })).toBeDisabled();
    }
    expect(screen.getByText(/These management tools are not available yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admin Logout' })).toBeEnabled();
  });

  it('Admin Logout clears the admin session, signs out and goes home', async () => {
    localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
    const { fetchMock, location } = renderApp(
      '/dashboard',
      table({ 'POST /api/logout': { body: { message: 'Logged out' } } }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Site Settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Admin Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(calls(fetchMock, 'POST', '/api/logout')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  // docs/product.md#screens: after POST /api/logout the cached user is null and every cached query is gone, so
  // `/` is the signed-out landing page at once (not Home with 'Welcome back, Friend').
  it.each([
    ['the header Logout', async () => userEvent.click(await screen.findByRole('button', { name: 'Logout' }))],
    [
      'Site Settings → Admin Logout',
      async () => {
        await userEvent.click(await screen.findByRole('link', { name: 'Site Settings' }));
        await userEvent.click(await screen.findByRole('button', { name: 'Admin Logout' }));
      },
    ],
  ])('%s shows the landing page signed out, with the cache cleared', async (_label, logOut) => {
    localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
    const { client, location } = renderApp(
      '/dashboard',
      table({ 'POST /api/logout': { body: { message: 'Logged out' } } }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' });
    await waitFor(() =>
      expect(client.getQueryCache().findAll({ queryKey: getListUsersQueryKey() })).not.toHaveLength(0),
    );
    await logOut();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Stories' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
    expect(client.getQueryData(getGetUserQueryKey())).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: getListUsersQueryKey() })).toHaveLength(0);
    expect(client.getQueryCache().findAll({ queryKey: getListPendingUsersQueryKey() })).toHaveLength(0);
  });

  describe('Change Password', () => {
    async function openTab(extra: FetchTable = {}) {
      const rendered = renderApp('/dashboard', table(extra));
      await userEvent.click(await screen.findByRole('link', { name: 'Change Password' }));
      expect(await screen.findByLabelText('Username')).toHaveValue('admin');
      return rendered;
    }
    async function fill(current: string, next: string, confirm: string) {
      if (current) await userEvent.type(screen.getByLabelText('Current Password'), current);
      if (next) await userEvent.type(screen.getByLabelText('New Password'), next);
      if (confirm) await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
      await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    }

    it('checks the fields in the documented order', () => {
      const ok = { username: 'admin', current: 'old-pass', next: 'new-pass-1234', confirm: 'new-pass-1234' };
      expect(passwordChangeProblem({ ...ok, current: '' })).toBe('Please fill in all fields');
      expect(passwordChangeProblem({ ...ok, confirm: 'other-pass' })).toBe('New passwords do not match');
      expect(passwordChangeProblem({ ...ok, next: 'eleven-char', confirm: 'eleven-char' })).toBe(
        'Password must be at least 12 characters',
      );
      expect(passwordChangeProblem(ok)).toBeNull();
    });

    it('shows a rule failure without calling the server', async () => {
      const { fetchMock } = await openTab();
      await fill('old-pass', 'new-pass', 'other-pass');
      expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/admin/change-password')).toHaveLength(0);
    });

    it('changes the password', async () => {
      const { fetchMock } = await openTab({
        'POST /api/admin/change-password': { body: { message: 'Password changed successfully' } },
      });
      await fill('old-pass', 'new-pass-1234', 'new-pass-1234');
      expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
      const [post] = calls(fetchMock, 'POST', '/api/admin/change-password');
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({
        username: 'admin',
        currentPassword: 'old-pass',
        newPassword: 'new-pass-1234',
      });
      expect(screen.getByLabelText('Current Password')).toHaveValue('');
    });

    it('shows the server message, or Failed to change password', async () => {
      await openTab({
        'POST /api/admin/change-password': { status: 400, body: { message: 'Current password is incorrect' } },
      });
      await fill('wrong-pass', 'new-pass-1234', 'new-pass-1234');
      expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    });
  });
});
