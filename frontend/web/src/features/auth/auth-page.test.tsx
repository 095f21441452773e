import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@/lib/browser';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/auth sign in', () => {
  it('shows the hero, the sign-in card and Google', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue your spiritual journey')).toBeInTheDocument();
    expect(screen.getByText('Share your faith journey and testimonies')).toBeInTheDocument();
    expect(screen.getByText('Explore Bible studies and spiritual content')).toBeInTheDocument();
    expect(screen.getByText('Connect with a community of believers')).toBeInTheDocument();
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
  });

  it('validates with the documented messages before calling the server', async () => {
    const fetchMock = renderApp('/auth').fetchMock;
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows and hides the password', async () => {
    renderApp('/auth');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in, greets and goes home', async () => {
    const { location } = renderApp('/auth', {
      ...signedOut,
      'POST /api/login': { body: { user: sampleUser(), message: 'Login successful' } },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('You have been logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ruth' })).toBeInTheDocument();
  });

  it('shows Signing In... while the call runs', async () => {
    renderApp('/auth', { ...signedOut, 'POST /api/login': 'pending' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
  });

  it('reports a refused sign-in in a destructive toast and stays on the page', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/auth', {
      ...signedOut,
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('401: Invalid email or password')).toBeInTheDocument();
    // A 401 here is a wrong password, not an ended session: no 'Unauthorized' and no redirect.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.queryByText('Unauthorized', { exact: true })).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('sends the whole window to /api/auth/google', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { client } = renderApp('/auth', {
      ...signedOut,
      'GET /api/site': {
        body: { siteName: 'Grace Stories', supportEmail: 'help@example.org', googleSignInEnabled: true },
      },
    });
    await waitFor(() => expect(client.getQueryData(['/api/site'])).toBeDefined());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(go).toHaveBeenCalledWith('/api/auth/google');
  });

  it('explains instead of leaving when Google is not configured', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { client } = renderApp('/auth');
    await waitFor(() => expect(client.getQueryData(['/api/site'])).toBeDefined());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is not configured on this site.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('explains a failed Google sign-in', async () => {
    renderApp('/auth?error=google-cancelled');
    expect(await screen.findByText('Google sign-in failed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Google sign-in was cancelled.')).toBeInTheDocument();
  });

  it('sends a signed-in visitor home', async () => {
    const { location } = renderApp('/auth', { ...signedOut, 'GET /api/user': { body: sampleUser() } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});

describe('/auth sign up', () => {
  async function openSignUp() {
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Our Community' })).toBeInTheDocument();
  }

  it('toggles between the two modes', async () => {
    renderApp('/auth');
    await openSignUp();
    expect(screen.getByText('Create an account to get started')).toBeInTheDocument();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Username', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('requires every field with the documented messages', async () => {
    renderApp('/auth');
    await openSignUp();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username is required',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('creates the account and goes home', async () => {
    const { location, fetchMock } = renderApp('/auth', {
      ...signedOut,
      'POST /api/register': {
        status: 201,
        body: { user: sampleUser({ isApproved: false }), message: 'Registration successful' },
      },
    });
    await openSignUp();
    await userEvent.type(screen.getByLabelText('First Name'), 'Ruth');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Moab');
    await userEvent.type(screen.getByLabelText('Username'), 'ruth');
    await userEvent.type(screen.getByLabelText('Email'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created!', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByText('Member (Pending)')).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/register'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      firstName: 'Ruth',
      lastName: 'Moab',
      username: 'ruth',
      email: 'ruth@example.org',
      password: 'secret123',
    });
  });

  it('reports a refused registration with the field errors', async () => {
    renderApp('/auth', {
      ...signedOut,
      'POST /api/register': {
        status: 400,
        body: { message: 'Invalid input', errors: [{ field: 'username', message: 'Username is taken' }] },
      },
    });
    await openSignUp();
    await userEvent.type(screen.getByLabelText('First Name'), 'Ruth');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Moab');
    await userEvent.type(screen.getByLabelText('Username'), 'ruth');
    await userEvent.type(screen.getByLabelText('Email'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('400: Invalid input')).toBeInTheDocument();
    expect(screen.getByText('Username is taken')).toBeInTheDocument();
  });
});
