import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const admin = sampleUser({
  id: 'admin-id',
  username: 'admin',
  firstName: 'Super',
  lastName: 'Admin',
  role: 'super_admin',
});
const versions = [
  { version: 2, text: 'I agree that this story may be published.', legacy: false, createdAt: '2026-01-05T10:00:00Z' },
  { version: 1, text: 'Stories from before consent was recorded.', legacy: true, createdAt: null },
];

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: admin },
  'GET /api/admin/users/pending': { body: [] },
  'GET /api/admin/users': { body: [admin] },
  'GET /api/admin/stories/pending': { body: [] },
  'GET /api/admin/help-messages': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/admin/consent-statements': { body: versions },
  ...extra,
});

async function openSettings() {
  await userEvent.click(await screen.findByRole('link', { name: 'Site Settings' }));
  return screen.findByRole('form', { name: 'Consent statement' });
}

describe('the consent statement in Site Settings', () => {
  it('shows the current version and saves a change as a new one', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'PUT /api/admin/consent-statement': {
          body: { version: 3, text: 'A new statement.', legacy: false, createdAt: '2026-02-01T10:00:00Z' },
        },
      }),
    );
    const form = await openSettings();
    const text = within(form).getByRole('textbox', { name: 'Statement text' });
    await waitFor(() => expect(text).toHaveValue('I agree that this story may be published.'));
    expect(screen.getByText(/Version 2, saved/)).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save as a new version' });
    expect(save).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.type(text, 'A new statement.');
    await userEvent.click(save);
    expect(await screen.findByText('Consent statement saved')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toEqual({ text: 'A new statement.' });
  });

  it('refuses an empty statement without calling the server, and shows the server refusal', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({
        'PUT /api/admin/consent-statement': {
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'Invalid fields',
            errors: [{ field: 'text', message: 'Statement must be at most 5,000 characters' }],
          },
        },
      }),
    );
    const form = await openSettings();
    const text = within(form).getByRole('textbox', { name: 'Statement text' });
    await waitFor(() => expect(text).toHaveValue('I agree that this story may be published.'));
    await userEvent.clear(text);
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(form).findByText('The statement is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    await userEvent.type(text, 'Too long, says the server.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(form).findByText('Statement must be at most 5,000 characters')).toBeInTheDocument();
  });
});
