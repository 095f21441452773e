import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@/lib/browser';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/contributor-dashboard', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/contributor-dashboard');
    expect(await screen.findByText('Unauthorized', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
  });

  it('sends a contributor whose session has ended to sign in once, without a schedule error', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const user = sampleUser({ role: 'regular_contributor' });
    renderApp('/contributor-dashboard', {
      ...signedOut,
      'GET /api/user': { body: user },
      [`GET /api/stories/author/${user.id}`]: { body: [] },
      'GET /api/schedules': { status: 401, body: { message: 'Not signed in' } },
    });
    expect(await screen.findByText('Unauthorized', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
    expect(go).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Schedule' }));
    expect(screen.queryByText(/could not be loaded/i)).not.toBeInTheDocument();
  });

  it.each([
    ['primary_contributor', 'Primary Contributor - Pending'],
    ['regular_contributor', 'Regular Contributor - Pending'],
  ] as const)('shows the approval wall to an unapproved %s', async (role, badge) => {
    renderApp('/contributor-dashboard', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ role, isApproved: false }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Awaiting Approval' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your contributor account is pending admin approval. You'll be notified once you can start creating content.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(badge)).toBeInTheDocument();
  });

  it('lets the admin role through the wall', async () => {
    const admin = sampleUser({ role: 'admin', isApproved: false });
    renderApp('/contributor-dashboard', {
      ...signedOut,
      'GET /api/user': { body: admin },
      [`GET /api/stories/author/${admin.id}`]: { body: [] },
      'GET /api/schedules': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contributor Dashboard' })).toBeInTheDocument();
  });

  it('shows the welcome, the counts, the stories with their badges and the empty schedule', async () => {
    const user = sampleUser({ role: 'regular_contributor' });
    renderApp('/contributor-dashboard', {
      ...signedOut,
      'GET /api/user': { body: user },
      [`GET /api/stories/author/${user.id}`]: {
        body: [
          sampleSummary({ id: 1, title: 'Draft One' }),
          sampleSummary({ id: 2, title: 'Live One', status: 'approved', isPublished: true, hasPendingRevision: true }),
          sampleSummary({ id: 3, title: 'Sent Back', status: 'rejected', rejectionReason: 'Needs a source' }),
          sampleSummary({ id: 4, title: 'Waiting', status: 'pending_approval' }),
        ],
      },
      'GET /api/schedules': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contributor Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ruth! Ready to inspire others?')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Regular Contributor')).toBeInTheDocument();
    const stats = within(screen.getByRole('list', { name: 'Overview' }));
    await waitFor(() => expect(stats.getByText('Total Stories').closest('li')).toHaveTextContent('4'));
    expect(stats.getByText('Published').closest('li')).toHaveTextContent('1');
    // Every story that is not live carries the Draft badge and counts as a draft.
    expect(stats.getByText('Drafts').closest('li')).toHaveTextContent('3');
    expect(stats.getByText('Upcoming Tasks').closest('li')).toHaveTextContent('0');

    const stories = within(screen.getByRole('list', { name: 'My stories' }));
    const card = (title: string) => stories.getByRole('link', { name: title }).closest('li') as HTMLElement;
    const badges = (title: string) =>
      Array.from(card(title).querySelectorAll('[data-slot="badge"]'), (b) => b.textContent).filter(
        (text) => !['Article', 'Testimonies'].includes(text ?? ''),
      );
    expect(badges('Draft One')).toEqual(['Draft']);
    expect(badges('Live One')).toEqual(['Published', 'Edit waiting for review']);
    expect(badges('Sent Back')).toEqual(['Draft', 'Rejected']);
    expect(within(card('Sent Back')).getByText('Needs a source')).toBeInTheDocument();
    expect(badges('Waiting')).toEqual(['Draft', 'Pending Review']);

    await userEvent.click(screen.getByRole('tab', { name: 'Schedule' }));
    expect(await screen.findByText('No Scheduled Tasks')).toBeInTheDocument();
  });

  it('shows No Stories Yet and opens the create modal', async () => {
    const user = sampleUser();
    renderApp('/contributor-dashboard', {
      ...signedOut,
      'GET /api/user': { body: user },
      [`GET /api/stories/author/${user.id}`]: { body: [] },
      'GET /api/schedules': { body: [] },
    });
    expect(await screen.findByText('No Stories Yet')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Story' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Create New Story' })).toBeInTheDocument();
  });
});
