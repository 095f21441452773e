import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = sampleUser();

function member(table: FetchTable = {}, overrides: Parameters<typeof sampleUser>[0] = {}): FetchTable {
  return {
    ...signedOut,
    'GET /api/user': { body: sampleUser(overrides) },
    [`GET /api/stories/author/${user.id}`]: { body: [] },
    ...table,
  };
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

function lastBody(fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string): unknown {
  const call = fetchMock.mock.calls.findLast(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

describe('Profile Settings', () => {
  it('saves only the changed fields and shows the saved profile', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({ 'PATCH /api/user': { body: sampleUser({ firstName: 'Naomi', updatedAt: '2024-02-01T00:00:00Z' }) } }),
    );
    await openTab('Profile Settings');
    const first = screen.getByLabelText('First Name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Naomi');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated', { exact: true })).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH', '/api/user')).toEqual({ firstName: 'Naomi' });
    expect(await screen.findByText('Welcome back, Naomi!')).toBeInTheDocument();
  });

  it('shows a taken username (409) on the username field', async () => {
    renderApp(
      '/dashboard',
      member({
        'PATCH /api/user': {
          status: 409,
          body: { message: 'An account with this username already exists', code: 'conflict' },
        },
      }),
    );
    await openTab('Profile Settings');
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'boaz');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('An account with this username already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts the server field errors under their fields and wants https images', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({
        'PATCH /api/user': {
          status: 400,
          body: { message: 'Invalid input', errors: [{ field: 'lastName', message: 'Last name is too long' }] },
        },
      }),
    );
    await openTab('Profile Settings');
    const image = screen.getByLabelText('Profile Image URL');
    await userEvent.type(image, 'http://example.org/me.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile image must be an https:// address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.clear(image);
    await userEvent.type(image, 'https://example.org/me.png');
    await userEvent.type(screen.getByLabelText('Last Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Last name is too long')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH', '/api/user')).toEqual({
      lastName: 'Moabx',
      profileImageUrl: 'https://example.org/me.png',
    });
  });

  it('shows whether the e-mail is verified and resends the link', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member(
        {
          'POST /api/verify-email/resend': {
            status: 202,
            body: { message: 'We sent a new verification link to ruth@example.org' },
          },
        },
        { emailVerified: false },
      ),
    );
    await openTab('Profile Settings');
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We sent a new verification link to ruth@example.org')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/verify-email/resend'))).toBe(true);
  });

  it('has no resend button for a verified address', async () => {
    renderApp('/dashboard', member());
    await openTab('Profile Settings');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });

  it('downloads the data as a dated JSON file', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:account';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderApp(
      '/dashboard',
      member({ 'GET /api/user/export': { body: { account: { email: user.email }, stories: [] } } }),
    );
    await openTab('Profile Settings');
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toMatch(/^grace-stories-account-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await created[0]!.text())).toEqual({ account: { email: user.email }, stories: [] });
  });
});

describe('Delete my account', () => {
  async function openDialog() {
    await openTab('Profile Settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    return within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
  }

  it('needs DELETE typed before it can be sent', async () => {
    const { fetchMock } = renderApp('/dashboard', member());
    const dialog = await openDialog();
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(submit).toBeDisabled();
    await userEvent.clear(dialog.getByLabelText('Type DELETE to confirm'));
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await dialog.findByText('Choose what happens to your stories')).toBeInTheDocument();
    expect(dialog.getByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('deletes with the password and the choice, then signs out to /', async () => {
    const { fetchMock, location, client } = renderApp(
      '/dashboard',
      member({ 'DELETE /api/user': { body: { message: 'Your account has been deleted' } } }),
    );
    const dialog = await openDialog();
    await userEvent.click(dialog.getByLabelText('Keep my published stories, without my name'));
    await userEvent.type(dialog.getByLabelText('Password'), 'secret123');
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(client.getQueryData(['/api/user'])).toBeNull();
    expect(lastBody(fetchMock, 'DELETE', '/api/user')).toEqual({ password: 'secret123', deleteStories: false });
  });

  it('shows a wrong password on the password field', async () => {
    renderApp(
      '/dashboard',
      member({
        'DELETE /api/user': {
          status: 400,
          body: { message: 'Invalid input', errors: [{ field: 'password', message: 'Password is incorrect' }] },
        },
      }),
    );
    const dialog = await openDialog();
    await userEvent.click(dialog.getByLabelText('Delete my stories too'));
    await userEvent.type(dialog.getByLabelText('Password'), 'wrong-one');
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Password is incorrect')).toBeInTheDocument();
  });

  it('asks a Google account for no password and explains a stale sign-in', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member(
        {
          'DELETE /api/user': {
            status: 403,
            body: {
              message: 'Please sign in with Google again, then delete your account within 10 minutes',
              code: 'reauthentication_required',
            },
          },
        },
        { authProvider: 'google' },
      ),
    );
    const dialog = await openDialog();
    expect(dialog.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByLabelText('Delete my stories too'));
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(
      await dialog.findByText('Please sign in with Google again, then delete your account within 10 minutes'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Sign in with Google again' })).toBeInTheDocument();
    expect(lastBody(fetchMock, 'DELETE', '/api/user')).toEqual({ deleteStories: true });
  });
});

describe('Delete my account of a Google account with a password', () => {
  it('asks for the password when the server wants it', async () => {
    renderApp(
      '/dashboard',
      member(
        {
          'DELETE /api/user': {
            status: 400,
            body: { message: 'Invalid input', errors: [{ field: 'password', message: 'Password is incorrect' }] },
          },
        },
        { authProvider: 'google' },
      ),
    );
    await openTab('Profile Settings');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    await userEvent.click(dialog.getByLabelText('Delete my stories too'));
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Password is incorrect')).toBeInTheDocument();
    expect(dialog.getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('Security', () => {
  const sessions = [
    {
      id: 'current-1',
      createdAt: '2024-03-01T10:00:00Z',
      lastSeenAt: '2024-03-05T10:00:00Z',
      browser: 'Chrome 156',
      os: 'Linux',
      ipAddress: '127.0.0.1',
      current: true,
    },
    {
      id: 'other-2',
      createdAt: '2024-02-01T10:00:00Z',
      lastSeenAt: '2024-02-03T10:00:00Z',
      browser: 'Firefox 140',
      os: 'Windows',
      ipAddress: null,
      current: false,
    },
  ];

  it('lists the sessions and signs another one out', async () => {
    const table = member({
      'GET /api/user/sessions': { body: sessions },
      'DELETE /api/user/sessions/other-2': { body: { message: 'Session signed out' } },
    });
    const { fetchMock } = renderApp('/dashboard', table);
    await openTab('Security');
    const list = within(await screen.findByRole('list', { name: 'Sessions' }));
    const current = list.getByRole('listitem', { name: 'Chrome 156 on Linux' });
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    const other = list.getByRole('listitem', { name: 'Firefox 140 on Windows' });
    expect(within(other).getByText('Unknown address')).toBeInTheDocument();
    expect(other).toHaveTextContent(/Signed in Feb 1, 2024/);

    table['GET /api/user/sessions'] = { body: [sessions[0]] };
    await userEvent.click(within(other).getByRole('button', { name: 'Sign out Firefox 140 on Windows' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() =>
      expect(list.queryByRole('listitem', { name: 'Firefox 140 on Windows' })).not.toBeInTheDocument(),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/api/user/sessions/other-2'),
      ),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('signs out all other sessions', async () => {
    renderApp(
      '/dashboard',
      member({
        'GET /api/user/sessions': { body: sessions },
        'POST /api/user/sessions/revoke-others': { body: { revoked: 1, message: 'Signed out 1 other session' } },
      }),
    );
    await openTab('Security');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Signed out 1 other session')).toBeInTheDocument();
  });

  it('changes the password with the current one', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      member({
        'GET /api/user/sessions': { body: sessions },
        'POST /api/user/password': { body: { message: 'Password changed. Your other sessions were signed out.' } },
      }),
    );
    await openTab('Security');
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secreT');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/user/password')).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      revokeApiTokens: false,
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows a wrong current password on its field and a Google account's explanation above the form", async () => {
    const table = member({
      'GET /api/user/sessions': { body: sessions },
      'POST /api/user/password': {
        status: 400,
        body: {
          message: 'Invalid input',
          errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
        },
      },
    });
    renderApp('/dashboard', table);
    await openTab('Security');
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    const explanation = "Your account has no password yet. Use 'Forgot password?' on the sign-in page to set one.";
    table['POST /api/user/password'] = { status: 400, body: { message: explanation } };
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(explanation)).toBeInTheDocument();
  });
});
