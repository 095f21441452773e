import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { browser } from '@/lib/browser';
import { stubFetch, type FetchTable } from '@/test/render-app';
import { sampleStory, sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';
import { StoryCard, type StoryCardData } from './story-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const author = sampleUser();
const stranger = sampleUser({ id: 'someone-else', role: 'member' });

function renderCard(story: StoryCardData, viewer = author, table: FetchTable = {}) {
  const fetchMock = stubFetch(table);
  const onEdit = vi.fn();
  render(
    <AppProviders client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <StoryCard story={story} actions={{ viewer, onEdit }} />
      </Router>
    </AppProviders>,
  );
  return { fetchMock, onEdit };
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
  return within(await screen.findByRole('menu'));
}

describe('the story card', () => {
  it('keeps working without actions', () => {
    stubFetch({});
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <StoryCard story={sampleSummary()} />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Grace in the Harvest' })).toHaveAttribute('href', '/stories/7');
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it("shows the server's preview of the text when the story has no excerpt", () => {
    stubFetch({});
    const { rerender } = render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <StoryCard story={sampleSummary({ excerpt: null, preview: 'At midnight Paul and Silas were singing.' })} />
      </Router>,
    );
    expect(screen.getByText('At midnight Paul and Silas were singing.')).toBeInTheDocument();
    rerender(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <StoryCard story={sampleSummary({ excerpt: 'What the fields taught us.', preview: 'At midnight' })} />
      </Router>,
    );
    expect(screen.getByText('What the fields taught us.')).toBeInTheDocument();
    expect(screen.queryByText('At midnight')).not.toBeInTheDocument();
  });
});

/** Publish from the menu, agreeing to the site only in the consent dialog. */
async function publishWithConsent() {
  await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Publish' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publish story?' });
  expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show my story on this site (required)' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
}

describe('the story card menu', () => {
  it('offers Edit, Publish, Share and Delete to the author of a draft', async () => {
    const { onEdit } = renderCard(sampleSummary());
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Publish',
      'Share',
      'Delete',
    ]);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(7);
  });

  it('offers Publish for a rejected story but not for one waiting for review', async () => {
    renderCard(sampleSummary({ status: 'rejected' }));
    let menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Publish',
      'Share',
      'Delete',
    ]);
    await userEvent.keyboard('{Escape}');
    cleanup();

    renderCard(sampleSummary({ status: 'pending_approval' }));
    menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Share', 'Delete']);
  });

  it('hides Publish for a published story and Delete from someone else', async () => {
    renderCard(sampleSummary({ isPublished: true, status: 'approved' }), stranger);
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Share']);
  });

  it('offers Delete to an admin', async () => {
    renderCard(sampleSummary(), sampleUser({ id: 'admin', role: 'admin' }));
    const menu = await openMenu();
    expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('publishes to review, and says so instead of "published"', async () => {
    const { fetchMock } = renderCard(sampleSummary(), author, {
      'PUT /api/stories/7/publish': { body: sampleStory({ status: 'pending_approval' }) },
    });
    await publishWithConsent();
    expect(await screen.findByText('Story sent for review')).toBeInTheDocument();
    expect(screen.getByText('It goes live once a reviewer approves it.')).toBeInTheDocument();
    expect(screen.queryByText('Story published successfully')).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith('/api/stories/7/publish') &&
          init?.method === 'PUT' &&
          JSON.parse(String(init.body)).consent.site === true &&
          JSON.parse(String(init.body)).consent.social === false,
      ),
    ).toBe(true);
  });

  it('says Story published successfully when the story went live (an admin author)', async () => {
    const admin = sampleUser({ id: sampleSummary().authorId ?? undefined, role: 'admin' });
    renderCard(sampleSummary(), admin, {
      'PUT /api/stories/7/publish': {
        body: sampleStory({ status: 'approved', isPublished: true }),
      },
    });
    await publishWithConsent();
    expect(await screen.findByText('Story published successfully')).toBeInTheDocument();
    expect(screen.queryByText('Story sent for review')).not.toBeInTheDocument();
  });

  it('says Failed to publish story with the reason of a conflict, without retrying it', async () => {
    const { fetchMock } = renderCard(sampleSummary(), author, {
      'PUT /api/stories/7/publish': { status: 409, body: { message: 'This story is already waiting for review' } },
    });
    await publishWithConsent();
    expect(
      await screen.findByText('Failed to publish story. 409: This story is already waiting for review'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/stories/7/publish'))).toHaveLength(1);
  });

  it('says Failed to publish story after one retry of a server failure', async () => {
    const { fetchMock } = renderCard(sampleSummary(), author, {
      'PUT /api/stories/7/publish': { status: 500, body: { message: 'Database unavailable' } },
    });
    await publishWithConsent();
    // docs/product.md#errors: other failures are retried once (after 1 s) before the toast.
    expect(await screen.findByText('Failed to publish story', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/stories/7/publish'))).toHaveLength(2);
  });

  it('sends a signed-out author to sign in', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderCard(sampleSummary(), author, {
      'PUT /api/stories/7/publish': { status: 401, body: { message: 'Not signed in' } },
    });
    await publishWithConsent();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderCard(sampleSummary());
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.getByText('Story link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/stories/7`);
  });

  it('says Failed to copy link when copying fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    renderCard(sampleSummary());
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('uses the native share when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    renderCard(sampleSummary());
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: 'Grace in the Harvest', url: `${window.location.origin}/stories/7` }),
    );
  });

  it('deletes after confirmation', async () => {
    const { fetchMock } = renderCard(sampleSummary(), author, {
      'DELETE /api/stories/7': { body: { message: 'Deleted' } },
    });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText('Are you sure you want to delete this story? This action cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Story deleted successfully')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
