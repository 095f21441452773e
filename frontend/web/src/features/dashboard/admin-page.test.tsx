import { screen, waitFor } from '@testing-library/react';
import { browser } from '@/lib/browser';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/admin');
    expect(await screen.findByText('Unauthorized', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
  });

  it('opens the super admin dashboard for the super admin', async () => {
    renderApp('/admin', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ role: 'super_admin' }) },
      'GET /api/admin/users/pending': { body: [] },
      'GET /api/admin/users': { body: [] },
      'GET /api/admin/stories/pending': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
  });

  it('opens the review dashboard for a sub admin and an admin, titled by their role', async () => {
    for (const [role, title] of [
      ['sub_admin', 'Sub Admin Dashboard'],
      ['admin', 'Admin Dashboard'],
    ] as const) {
      const { unmount } = renderApp('/admin', {
        ...signedOut,
        'GET /api/user': { body: sampleUser({ role }) },
        'GET /api/admin/stories/pending': { body: [] },
      });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(document.title).toContain(title);
      unmount();
    }
  });

  it('tells a member the area is for administrators', async () => {
    renderApp('/admin', { ...signedOut, 'GET /api/user': { body: sampleUser() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('The admin area is for administrators only.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
