import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@/lib/browser';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleStory, sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard chooses by role', () => {
  it('sends a signed-out visitor to /api/login after the Unauthorized toast', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/dashboard');
    expect(await screen.findByText('Unauthorized', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('shows the pending notice to an unapproved member', async () => {
    renderApp('/dashboard', { ...signedOut, 'GET /api/user': { body: sampleUser({ isApproved: false }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Awaiting Approval' })).toBeInTheDocument();
    expect(screen.getByText('Member - Pending')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Dashboard' })).not.toBeInTheDocument();
  });

  it('lets an unapproved member reach their profile, sessions and data while they wait', async () => {
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ isApproved: false }) },
      'GET /api/user/sessions': { body: [] },
    });
    await userEvent.click(await screen.findByText('Your account: profile, security and your data'));
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  });

  it('gives a sub admin the sub admin dashboard', async () => {
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ role: 'sub_admin' }) },
      'GET /api/admin/stories/pending': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeInTheDocument();
  });
});

describe('My Dashboard', () => {
  it('shows the cards, quick actions and empty stories', async () => {
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: sampleUser() },
      [`GET /api/stories/author/${sampleUser().id}`]: { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Member', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Story counts' }));
    for (const [title, note] of [
      ['Draft Stories', 'Ready to submit'],
      ['Pending Review', 'Under admin review'],
      ['Published', 'Live on site'],
      ['Total Stories', 'All time'],
    ]) {
      const card = cards.getByText(title).closest('li');
      expect(card).toHaveTextContent(note);
      expect(card).toHaveTextContent('0');
    }
    expect(screen.getByRole('link', { name: 'Create New Story' })).toHaveAttribute('href', '/contributor-dashboard');
    expect(screen.getByRole('link', { name: 'View Community Stories' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('tab', { name: 'My Stories', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No stories yet')).toBeInTheDocument();
  });

  it('shows the profile as an editable form, the e-mail and member since read-only', async () => {
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: sampleUser({ lastName: null, createdAt: 'not a date' }) },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Profile Settings' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('Ruth');
    expect(screen.getByLabelText('Last Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveTextContent('ruth@example.org');
    expect(screen.getByLabelText('Member Since')).toHaveTextContent('Unknown');
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('readonly');
  });
});

describe('My Dashboard with stories', () => {
  const user = sampleUser();
  const stories = [
    sampleSummary({ id: 1, title: 'A Draft', status: 'draft' }),
    sampleSummary({ id: 2, title: 'Waiting', status: 'pending_approval' }),
    sampleSummary({ id: 3, title: 'Live One', status: 'approved', isPublished: true, excerpt: null }),
    sampleSummary({ id: 4, title: 'Sent Back', status: 'rejected', rejectionReason: 'Please add a verse.' }),
  ];
  const table = {
    ...signedOut,
    'GET /api/user': { body: user },
    [`GET /api/stories/author/${user.id}`]: { body: stories },
    'GET /api/categories': { body: [] },
    'GET /api/stories/1': { body: sampleStory({ id: 1, title: 'A Draft' }) },
  };

  it('counts the stories by status, rejected ones as drafts to submit again', async () => {
    renderApp('/dashboard', table);
    const cards = within(await screen.findByRole('list', { name: 'Story counts' }));
    await waitFor(() => expect(cards.getByText('Total Stories').closest('li')).toHaveTextContent('4'));
    expect(cards.getByText('Draft Stories').closest('li')).toHaveTextContent('2');
    expect(cards.getByText('Pending Review').closest('li')).toHaveTextContent('1');
    expect(cards.getByText('Published').closest('li')).toHaveTextContent('1');
  });

  it('lists the stories with one status badge, Edit for drafts and View Published for approved ones', async () => {
    renderApp('/dashboard', table);
    const list = within(await screen.findByRole('list', { name: 'My stories' }));
    const badges = (title: string) =>
      Array.from(
        list.getByRole('listitem', { name: title }).querySelectorAll('[data-slot="badge"]'),
        (b) => b.textContent,
      );
    const draft = within(list.getByRole('listitem', { name: 'A Draft' }));
    expect(badges('A Draft')).toEqual(['Draft']);
    expect(draft.getByText('What the fields taught us.')).toBeInTheDocument();
    const live = within(list.getByRole('listitem', { name: 'Live One' }));
    expect(badges('Live One')).toEqual(['Published']);
    expect(live.getByRole('link', { name: 'View Published' })).toHaveAttribute('href', '/stories/3');
    expect(live.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(badges('Waiting')).toEqual(['Pending Review']);
    expect(
      within(list.getByRole('listitem', { name: 'Waiting' })).queryByRole('button', { name: 'Edit' }),
    ).not.toBeInTheDocument();
    const rejected = within(list.getByRole('listitem', { name: 'Sent Back' }));
    expect(badges('Sent Back')).toEqual(['Rejected']);
    expect(rejected.getByText('Please add a verse.')).toBeInTheDocument();
    expect(rejected.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    await userEvent.click(draft.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Story' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Title *')).toHaveValue('A Draft');
  });
});
