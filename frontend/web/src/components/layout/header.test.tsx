import type { UserDto } from '@grace-stories/sdk/react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION_KEY } from '@/lib/admin-session';
import { roleBadgeText } from '@/lib/roles';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleUser } from '@/test/users';

/** The requests `fetchMock` saw as `METHOD path`. */
const sent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url, init]) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${path}`;
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A signed-in person of the generated `UserDto` shape, abilities following role and approval. */
const user = (overrides: Partial<UserDto>) => sampleUser(overrides);

describe('header for a signed-in user', () => {
  it('marks a pending contributor and hides the dashboard link', async () => {
    renderApp('/help', {
      ...signedOut,
      'GET /api/user': { body: user({ role: 'primary_contributor', isApproved: false }) },
    });
    expect(await screen.findByText('Primary Contributor (Pending)')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('keeps a compact role badge for phones and repeats the whole text in the avatar menu', async () => {
    renderApp('/help', {
      ...signedOut,
      'GET /api/user': { body: user({ role: 'regular_contributor', isApproved: false }) },
    });
    const full = await screen.findByText('Regular Contributor (Pending)');
    const badge = full.closest('[data-slot="badge"]')!;
    // Below `sm` the badge reads 'Pending'; the whole text is there for screen readers (and shows from `sm`).
    expect(within(badge as HTMLElement).getByText('Pending')).toHaveClass('sm:hidden');
    expect(full).toHaveClass('sr-only', 'sm:not-sr-only');
    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Regular Contributor (Pending)')).toHaveClass('sm:hidden');
  });

  it('gives a super admin the Dashboard and Admin links and an avatar menu', async () => {
    renderApp('/help', { ...signedOut, 'GET /api/user': { body: user({ role: 'super_admin', isApproved: true }) } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Admin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ruth@example.org')).toBeInTheDocument();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(['Home', 'Dashboard', 'Admin Panel', 'Log out']);
  });

  it('greets a signed-in user on / instead of the landing page', async () => {
    renderApp('/', { ...signedOut, 'GET /api/user': { body: user({ firstName: null }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Friend' })).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
  });
});

describe('role badge labels', () => {
  it.each([
    ['member', true, 'Member'],
    ['member', false, 'Member (Pending)'],
    ['regular_contributor', true, 'Regular Contributor'],
    ['regular_contributor', false, 'Regular Contributor (Pending)'],
    ['primary_contributor', true, 'Primary Contributor'],
    ['admin', false, 'Admin'],
    ['sub_admin', false, 'Admin'],
    ['super_admin', true, 'Admin'],
  ] as const)('%s (approved: %s) reads %s', (role, isApproved, label) => {
    expect(roleBadgeText({ role, isApproved })).toBe(label);
  });
});

describe('header links by role', () => {
  it('gives an approved member Dashboard but no Admin link, and logs out with POST /api/logout', async () => {
    const { fetchMock, location } = renderApp('/help', {
      ...signedOut,
      'GET /api/user': { body: user({ role: 'member', isApproved: true }) },
      'POST /api/logout': { body: { message: 'Signed out' } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(['Home', 'Dashboard', 'Log out']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await vi.waitFor(() => expect(sent(fetchMock)).toContain('POST /api/logout'));
    expect(sent(fetchMock)).not.toContain('GET /api/logout');
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('gives a sub admin the Admin link and Admin Panel', async () => {
    renderApp('/help', { ...signedOut, 'GET /api/user': { body: user({ role: 'sub_admin', isApproved: false }) } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(['Home', 'Admin Panel', 'Log out']);
  });

  it('gives the plain admin role (a reviewer too) the Admin link and Admin Panel', async () => {
    renderApp('/help', { ...signedOut, 'GET /api/user': { body: user({ role: 'admin', isApproved: true }) } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Admin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(['Home', 'Dashboard', 'Admin Panel', 'Log out']);
  });
});

describe('signing out and signing up from the header', () => {
  it('clears the adminUser entry when signing out from the avatar menu', async () => {
    localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(user({ role: 'super_admin' })));
    const { fetchMock } = renderApp('/help', {
      ...signedOut,
      'GET /api/user': { body: user({ role: 'super_admin', isApproved: true }) },
      'POST /api/logout': { body: { message: 'Signed out' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'RM, account menu for Ruth Moab' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }));
    await vi.waitFor(() => expect(sent(fetchMock)).toContain('POST /api/logout'));
    await vi.waitFor(() => expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull());
  });

  it('names the avatar button with the initials it shows (axe label-content-name-mismatch)', async () => {
    renderApp('/help', { ...signedOut, 'GET /api/user': { body: user({}) } });
    const button = await screen.findByRole('button', { name: /account menu for Ruth Moab/ });
    const visible = button.textContent?.trim() ?? '';
    expect(visible).toBe('RM');
    expect(button.getAttribute('aria-label')).toContain(visible);
    expect(button.getAttribute('aria-label')?.startsWith(visible)).toBe(true);
  });

  it('opens /auth in sign-up mode from Sign Up, and in sign-in mode from Sign In', async () => {
    const { location } = renderApp('/help');
    const signUp = await screen.findByRole('link', { name: 'Sign Up' });
    expect(signUp).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await userEvent.click(signUp);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Our Community' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/auth?mode=signup');
    // Back to /auth (the browser's Back button) on the same page: sign-in mode again.
    act(() => location.navigate('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });
});
