import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RESET_SENT =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link is valid for 60 minutes.';

function sentBody(fetchMock: ReturnType<typeof renderApp>['fetchMock'], path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => new URL(String(url), 'http://localhost').pathname === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('/auth Forgot password?', () => {
  it('sends the typed e-mail and shows the server message, then leads back to sign in', async () => {
    const { fetchMock } = renderApp('/auth', {
      ...signedOut,
      'POST /api/password-reset': { status: 202, body: { message: RESET_SENT } },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ruth@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ruth@example.org');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(RESET_SENT)).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/password-reset')).toEqual({ email: 'ruth@example.org' });

    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('checks the address before asking the server', async () => {
    const { fetchMock } = renderApp('/auth?mode=forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('explains a Google sign-in refused because a local account has the address', async () => {
    renderApp('/auth?error=google-account-exists');
    expect(await screen.findByText('Google sign-in failed', { exact: true })).toBeInTheDocument();
    expect(
      screen.getByText(
        "An account with this e-mail address already exists. Sign in with your password, or use 'Forgot password?' to reset it.",
      ),
    ).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('sets the new password, signs in and goes home', async () => {
    const { fetchMock, location } = renderApp('/reset-password?token=tok-123', {
      ...signedOut,
      'POST /api/password-reset/confirm': { body: { user: sampleUser(), message: 'Password reset' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'brand-new-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ruth' })).toBeInTheDocument();
    expect(screen.getByText('Password changed', { exact: true })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/password-reset/confirm')).toEqual({ token: 'tok-123', password: 'brand-new-1' });
  });

  it("uses sign-up's rule and wants the same password twice", async () => {
    const { fetchMock } = renderApp('/reset-password?token=tok-123');
    await userEvent.type(await screen.findByLabelText('New Password'), '123');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says a refused link is invalid and offers a new one', async () => {
    renderApp('/reset-password?token=used', {
      ...signedOut,
      'POST /api/password-reset/confirm': {
        status: 400,
        body: { message: 'This reset link is invalid or has expired', code: 'bad_request' },
      },
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'brand-new-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth?mode=forgot-password',
    );
  });

  it('says a link without a token is invalid', async () => {
    renderApp('/reset-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument();
  });

  it("opens the reset form from the invalid link's button", async () => {
    renderApp('/reset-password');
    await userEvent.click(await screen.findByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  it('verifies once on load and says so', async () => {
    const { fetchMock } = renderApp('/verify-email?token=tok-9', {
      ...signedOut,
      'POST /api/verify-email': { body: sampleUser({ emailVerified: true }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(sentBody(fetchMock, '/api/verify-email')).toEqual({ token: 'tok-9' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('marks the signed-in account verified and leads to the dashboard', async () => {
    const { client } = renderApp('/verify-email?token=tok-9', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ emailVerified: false }) },
      'POST /api/verify-email': { body: sampleUser({ emailVerified: true }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(client.getQueryData<{ emailVerified: boolean }>(['/api/user'])?.emailVerified).toBe(true);
  });

  it('says an invalid or expired link is one', async () => {
    renderApp('/verify-email?token=old', {
      ...signedOut,
      'POST /api/verify-email': { status: 400, body: { message: 'This verification link is invalid or has expired' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This verification link is invalid or has expired' }),
    ).toBeInTheDocument();
  });
});
