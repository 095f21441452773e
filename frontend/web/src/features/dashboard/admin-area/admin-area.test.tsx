import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const counts = {
  comments: 4,
  newStories: 2,
  edits: 1,
  people: 3,
  helpOpen: 5,
  mailFailed: 6,
  socialFailed: 0,
};

const as = (user: ReturnType<typeof sampleUser>, extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: user },
  'GET /api/admin/queues': { body: counts },
  'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/admin/users': { body: [] },
  'GET /api/admin/stories/pending': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/admin/comments/pending': { body: [], headers: { 'X-Total-Count': '0' } },
  ...extra,
});

const superAdmin = sampleUser({ id: 'boss', role: 'super_admin', username: 'admin' });
const subAdmin = sampleUser({ id: 'sub', role: 'sub_admin' });
const primary = sampleUser({ id: 'primary', role: 'primary_contributor' });

/** The sidebar's sections as "Section: link names", the names as a screen reader hears them. */
async function sidebar() {
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 5000 });
  return within(nav)
    .getAllByRole('list')
    .map((list) => {
      const title = document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent;
      const links = within(list)
        .getAllByRole('link')
        .map((link) => link.textContent?.trim());
      return `${title}: ${links.join(', ')}`;
    });
}

function current() {
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('href'));
}

describe('the admin area', () => {
  it('opens the super admin at the first section, with every section and the counts of what waits', async () => {
    const { location } = renderApp('/dashboard', as(superAdmin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(location.history).toEqual(['/dashboard/people/pending']));
    await waitFor(async () =>
      expect(await sidebar()).toEqual([
        'People: Pending Users 33 waiting, All Users',
        'Moderation: Pending Stories 22 waiting, Edits 11 waiting, Pending Comments 44 waiting',
        'Content: Content Management',
        'Mail and sharing: Help Inbox 55 open, Mail Outbox 66 failed, Social Posts, Subscribers',
        'Site: Site Settings, Backups, API Tokens, Activity Log, Change Password',
        'My account: Subscription',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Pending Users 3 waiting' })).toHaveAttribute(
      'href',
      '/dashboard/people/pending',
    );
    expect(current()).toEqual(['/dashboard/people/pending']);
    expect(screen.getByRole('region', { name: 'Pending Users' })).toHaveTextContent('Approve new accounts');
    expect(document.title).toBe('Pending Users · Super Admin Dashboard');
  });

  it('asks for the counts once, however many links show them', async () => {
    const { fetchMock } = renderApp('/dashboard/moderation/comments', as(superAdmin));
    await screen.findByRole('link', { name: 'Pending Comments 4 waiting' }, { timeout: 5000 });
    const asked = fetchMock.mock.calls.filter(
      ([url]) => new URL(String(url), 'http://localhost').pathname === '/api/admin/queues',
    );
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['/dashboard/people/all', 'All Users', 'Change roles, suspend or reinstate people'],
    ['/dashboard/moderation/stories', 'Pending Stories', 'No pending stories'],
    ['/dashboard/content/tools', 'Content Management', 'Access Story Editor'],
    ['/dashboard/site/settings', 'Site Settings', 'Website Content Management'],
    ['/dashboard/site/password', 'Change Password', 'Current Password'],
  ])('opens %s from its address', async (address, label, text) => {
    renderApp(address, as(superAdmin));
    const region = await screen.findByRole('region', { name: label }, { timeout: 5000 });
    expect(await within(region).findByText(text, { exact: false })).toBeInTheDocument();
    expect(current()).toEqual([address]);
    expect(document.title).toBe(`${label} · Super Admin Dashboard`);
  });

  it("moves between sections from the sidebar, each a new address, the focus on the screen's heading", async () => {
    const { location } = renderApp('/dashboard/people/pending', as(superAdmin));
    await userEvent.click(await screen.findByRole('link', { name: 'All Users' }, { timeout: 5000 }));
    const all = await screen.findByRole('region', { name: 'All Users' });
    expect(location.history).toEqual(['/dashboard/people/pending', '/dashboard/people/all']);
    await waitFor(() => expect(within(all).getByRole('heading', { name: 'All Users' })).toHaveFocus());
    await userEvent.click(screen.getByRole('link', { name: 'Site Settings' }));
    expect(await screen.findByRole('button', { name: 'Admin Logout' })).toBeEnabled();
    expect(location.history.at(-1)).toBe('/dashboard/site/settings');
    expect(current()).toEqual(['/dashboard/site/settings']);
    // What the back button does: the previous address shows the previous screen again.
    act(() => location.navigate('/dashboard/people/all'));
    expect(await screen.findByRole('region', { name: 'All Users' })).toBeInTheDocument();
    expect(current()).toEqual(['/dashboard/people/all']);
  });

  it('opens a section address at its first screen, replacing the address', async () => {
    const { location } = renderApp('/dashboard/site', as(superAdmin));
    expect(await screen.findByRole('region', { name: 'Site Settings' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location.history).toEqual(['/dashboard/site/settings']);
  });

  it('gives a sub admin only the review queues and Content Management, from /dashboard and /admin', async () => {
    for (const start of ['/dashboard', '/admin']) {
      const { location, unmount } = renderApp(start, as(subAdmin));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeInTheDocument();
      await waitFor(() => expect(location.history).toEqual(['/dashboard/moderation/stories']));
      expect(await sidebar()).toEqual([
        'Moderation: Pending Stories 22 waiting, Edits 11 waiting, Pending Comments 44 waiting',
        'Content: Content Management',
        'My account: Profile Settings, Security, API Tokens, Subscription',
      ]);
      expect(screen.queryByRole('link', { name: /Pending Users/ })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('tells a sub admin a super admin address is not theirs, beside their own sections', async () => {
    const { fetchMock } = renderApp('/dashboard/people/pending', as(subAdmin));
    const region = await screen.findByRole('region', { name: 'Pending Users' }, { timeout: 5000 });
    expect(region).toHaveTextContent('This screen is not among the ones you may use');
    expect(await sidebar()).toEqual([
      'Moderation: Pending Stories 22 waiting, Edits 11 waiting, Pending Comments 44 waiting',
      'Content: Content Management',
      'My account: Profile Settings, Security, API Tokens, Subscription',
    ]);
    // Nothing of the people screens is asked for.
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/admin/users/pending');
    expect(asked).not.toContain('/api/admin/users');
  });

  it("gives a sub admin their own account's screens, which are not the super admin's", async () => {
    const { unmount } = renderApp('/dashboard/account/security', as(subAdmin));
    expect(await screen.findByRole('region', { name: 'Security' }, { timeout: 5000 })).not.toHaveTextContent(
      'This screen is not among the ones you may use',
    );
    unmount();
    renderApp('/dashboard/account/profile', as(superAdmin));
    expect(await screen.findByRole('region', { name: 'Profile Settings' }, { timeout: 5000 })).toHaveTextContent(
      'This screen is not among the ones you may use',
    );
  });

  it('gives an approved primary contributor the comment queue from /admin, and keeps My Dashboard at /dashboard', async () => {
    const { location, unmount } = renderApp('/admin', as(primary));
    expect(await screen.findByRole('heading', { level: 1, name: 'Comment Moderation' })).toBeInTheDocument();
    await waitFor(() => expect(location.history).toEqual(['/dashboard/moderation/comments']));
    expect(await sidebar()).toEqual(['Moderation: Pending Comments 44 waiting']);
    unmount();

    renderApp('/dashboard', as(primary));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
  });

  it('tells a member the admin area is for administrators, at any of its addresses', async () => {
    renderApp('/dashboard/moderation/comments', as(sampleUser()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Panel' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The admin area is for administrators only.')).toBeInTheDocument();
  });

  it('answers an address that names no screen with the not-found page', async () => {
    renderApp('/dashboard/people/nobody', as(superAdmin));
    expect(await screen.findByText('404 Page Not Found', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens the sections from the phone menu, and closes it on a choice', async () => {
    const { location } = renderApp('/dashboard/moderation/stories', as(subAdmin));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Admin sections · Pending Stories' }, { timeout: 5000 }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Admin sections' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Pending Comments 4 waiting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history.at(-1)).toBe('/dashboard/moderation/comments');
    const region = await screen.findByRole('region', { name: 'Pending Comments' });
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.tagName).toBe('H2');
  });
});
