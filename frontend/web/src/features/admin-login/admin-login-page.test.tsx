import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION_KEY } from '@/lib/admin-session';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const admin = sampleUser({ username: 'admin', role: 'super_admin', firstName: 'Super', lastName: 'Admin' });

async function signIn(username: string, password: string) {
  if (username) await userEvent.type(await screen.findByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/admin-login', () => {
  it('asks for both fields before calling the server', async () => {
    const { fetchMock } = renderApp('/admin-login');
    await screen.findByRole('heading', { name: 'Administrator Login' });
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await signIn('admin', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('has a show/hide toggle on the password', async () => {
    renderApp('/admin-login');
    const password = await screen.findByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('stores the admin session, greets and opens the dashboard after a second', async () => {
    const { location } = renderApp('/admin-login', {
      ...signedOut,
      'POST /api/admin/login': { body: { user: admin, message: 'Login successful' } },
      'GET /api/admin/users/pending': { body: [] },
      'GET /api/admin/users': { body: [admin] },
    });
    await signIn('admin', 'correct-horse');
    expect(await screen.findByText('Login successful', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Super Administrator!')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY) ?? 'null')).toMatchObject({ role: 'super_admin' });
    expect(location.history.at(-1)).toBe('/admin-login');
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'), { timeout: 2000 });
  });

  it('shows the server message in an alert and a toast', async () => {
    renderApp('/admin-login', {
      ...signedOut,
      'POST /api/admin/login': { status: 401, body: { message: 'Invalid credentials' } },
    });
    await signIn('admin', 'wrong');
    expect(await screen.findByText('Login failed', { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText('Invalid credentials').length).toBeGreaterThan(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('falls back to Login failed / Invalid credentials without a server message', async () => {
    renderApp('/admin-login', { ...signedOut, 'POST /api/admin/login': { status: 502 } });
    await signIn('admin', 'whatever');
    // A 502 is retried once (docs/product.md#errors) before the failure shows.
    const alert = await screen.findByText(
      'Login failed',
      { selector: '[data-slot="alert-description"]' },
      { timeout: 4000 },
    );
    expect(alert).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
  });
});
