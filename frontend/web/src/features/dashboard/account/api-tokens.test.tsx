import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = sampleUser();

const phoneApp = {
  id: 7,
  name: 'Phone app',
  scope: 'read',
  hint: 'a1b2',
  createdAt: '2024-03-01T10:00:00Z',
  lastUsedAt: null,
  expiresAt: '2024-05-30T10:00:00Z',
  expired: false,
};

function member(table: FetchTable = {}, overrides: Parameters<typeof sampleUser>[0] = {}): FetchTable {
  return {
    ...signedOut,
    'GET /api/user': { body: sampleUser(overrides) },
    [`GET /api/stories/author/${user.id}`]: { body: [] },
    ...table,
  };
}

function bodyOf(fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string): unknown {
  const call = fetchMock.mock.calls.findLast(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

describe('API Tokens tab', () => {
  it('creates a token, shows it once and lists it', async () => {
    const table = member({
      'GET /api/user/tokens': { body: [] },
      'POST /api/user/tokens': {
        status: 201,
        body: { ...phoneApp, scope: 'read_write', expiresAt: null, token: 'gst_0123456789abcdef' },
      },
    });
    const { fetchMock } = renderApp('/dashboard', table);
    await userEvent.click(await screen.findByRole('tab', { name: 'API Tokens' }));
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Token name'), 'Phone app');
    await userEvent.click(screen.getByRole('combobox', { name: 'Access' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Read and write' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Expires after' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Never' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'my-secret');
    table['GET /api/user/tokens'] = { body: [{ ...phoneApp, scope: 'read_write', expiresAt: null }] };
    await userEvent.click(screen.getByRole('button', { name: 'Create Token' }));

    expect(await screen.findByLabelText('Your new API token')).toHaveValue('gst_0123456789abcdef');
    expect(bodyOf(fetchMock, 'POST', '/api/user/tokens')).toEqual({
      name: 'Phone app',
      scope: 'read_write',
      expiresInDays: null,
      password: 'my-secret',
    });
    const row = within(await screen.findByRole('listitem', { name: 'Phone app' }));
    expect(row.getByText('Read and write')).toBeInTheDocument();
    expect(row.getByText(/never used/)).toBeInTheDocument();
    expect(row.getByText(/does not expire/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Your new API token')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Token name')).toHaveValue('');
  });

  it('checks the name before asking the server', async () => {
    const { fetchMock } = renderApp('/dashboard', member({ 'GET /api/user/tokens': { body: [] } }));
    await userEvent.click(await screen.findByRole('tab', { name: 'API Tokens' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create Token' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/user/tokens')).toBeUndefined();
  });

  it('shows the server refusal when too many tokens are held', async () => {
    renderApp(
      '/dashboard',
      member({
        'GET /api/user/tokens': { body: [phoneApp] },
        'POST /api/user/tokens': {
          status: 409,
          body: { code: 'conflict', message: 'You already have 20 API tokens: revoke one before creating another' },
        },
      }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'API Tokens' }));
    await userEvent.type(await screen.findByLabelText('Token name'), 'Another');
    await userEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByText('Token not created', { exact: true })).toBeInTheDocument();
    expect(screen.getByText(/revoke one before creating another/)).toBeInTheDocument();
  });

  it('revokes a token after confirming', async () => {
    const table = member({
      'GET /api/user/tokens': { body: [phoneApp, { ...phoneApp, id: 8, name: 'Old script', expired: true }] },
      'DELETE /api/user/tokens/7': { body: { message: 'API token revoked' } },
    });
    const { fetchMock } = renderApp('/dashboard', table);
    await userEvent.click(await screen.findByRole('tab', { name: 'API Tokens' }));
    const old = within(await screen.findByRole('listitem', { name: 'Old script' }));
    expect(old.getByText('Expired')).toBeInTheDocument();
    table['GET /api/user/tokens'] = { body: [{ ...phoneApp, id: 8, name: 'Old script', expired: true }] };
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Phone app' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API token revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Phone app' })).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/tokens/7')),
    ).toBe(true);
  });

  it('is not offered to a person without the ability', async () => {
    renderApp('/dashboard', member({}, { abilities: ['read_published', 'manage_own_account', 'write_stories'] }));
    expect(await screen.findByRole('tab', { name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API Tokens' })).not.toBeInTheDocument();
  });
});
