import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@/hooks/use-auth';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleStory } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const story = sampleStory({
  id: 7,
  title: 'Songs in the Night',
  excerpt: 'What Paul and Silas teach us about praise.',
  content: '<p>At midnight.</p>',
  videoUrl: null,
  thumbnailUrl: null,
  category: 'Worship',
  authorId: 'u1',
  status: 'approved',
  isPublished: true,
  publishedAt: '2024-03-05T12:00:00Z',
  createdAt: '2024-03-01T12:00:00Z',
  updatedAt: '2024-03-05T12:00:00Z',
  author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
});

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/stories/7': { body: story },
  'GET /api/stories/7/comments': { body: [] },
  ...extra,
});

const storyUrl = () => `${window.location.origin}/stories/7`;

/** The story's author, approved: the one (with reviewers) who may export it. */
const author = sampleUser({ id: 'u1', role: 'member' });
const signedIn = (user: User): FetchTable => ({ 'GET /api/user': { body: user } });

const ORDINARY_ITEMS = ['Share Story', 'Copy Link', 'Share on Twitter', 'Share on LinkedIn', 'Copy for Instagram'];

async function openMenu(extra: FetchTable = {}) {
  const user = userEvent.setup();
  const rendered = renderApp('/stories/7', table(extra));
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  return { user, ...rendered };
}

describe('share menu', () => {
  const menuItems = async () => (await screen.findAllByRole('menuitem')).map((i) => i.textContent);

  it('offers a visitor the ordinary share links, without Auto-Export', async () => {
    await openMenu();
    expect(await menuItems()).toEqual(ORDINARY_ITEMS);
  });

  it.each([
    ['a member who did not write the story', sampleUser({ id: 'u2', role: 'member' })],
    ['a contributor who did not write the story', sampleUser({ id: 'u2', role: 'primary_contributor' })],
    ['its author while their account waits for approval', sampleUser({ id: 'u1', isApproved: false })],
  ])('offers no Auto-Export to %s', async (_who, viewer) => {
    const user = userEvent.setup();
    renderApp('/stories/7', table(signedIn(viewer)));
    // Once the header knows who is signed in, the menu is what that person gets.
    await screen.findByRole('button', { name: /account menu for/ });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await menuItems()).toEqual(ORDINARY_ITEMS);
  });

  it.each([
    ['its approved author', author],
    ['an admin', sampleUser({ id: 'u3', role: 'admin' })],
    ['a sub admin', sampleUser({ id: 'u3', role: 'sub_admin' })],
    ['a super admin', sampleUser({ id: 'u3', role: 'super_admin', isApproved: false })],
  ])('offers Auto-Export All to %s', async (_who, viewer) => {
    await openMenu(signedIn(viewer));
    await screen.findByRole('menuitem', { name: 'Auto-Export All' });
    expect(await menuItems()).toEqual([...ORDINARY_ITEMS, 'Auto-Export All']);
  });

  it('copies the absolute story link', async () => {
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.getByText('Story link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(storyUrl());
  });

  it('says when the link cannot be copied', async () => {
    const { user } = await openMenu();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('uses the native share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Share Story' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Songs in the Night', url: storyUrl() }));
  });

  it('copies the link for Share Story without a native share sheet', async () => {
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Share Story' }));
    expect(await screen.findByText('Story link copied to clipboard')).toBeInTheDocument();
  });

  it('opens Twitter in a 600x400 popup with text, url and hashtags', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Share on Twitter' }));
    const [address, , features] = open.mock.calls[0]!;
    const url = new URL(String(address));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('url')).toBe(storyUrl());
    expect(url.searchParams.get('text')).toContain('Songs in the Night');
    expect(url.searchParams.get('hashtags')).toBeTruthy();
    expect(features).toContain('width=600,height=400');
  });

  it('opens LinkedIn in a 600x500 popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Share on LinkedIn' }));
    const [address, , features] = open.mock.calls[0]!;
    expect(new URL(String(address)).searchParams.get('url')).toBe(storyUrl());
    expect(features).toContain('width=600,height=500');
  });

  it('copies the link for Instagram', async () => {
    const { user } = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Copy for Instagram' }));
    expect(await screen.findByText('You can now paste it in your Instagram bio or story.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(storyUrl());
  });

  it('exports to all platforms and shows the server message', async () => {
    const { user, fetchMock } = await openMenu({
      ...signedIn(author),
      'POST /api/stories/7/export': { body: { message: 'Queued for twitter, linkedin and instagram' } },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Auto-Export All' }));
    expect(await screen.findByText('Queued for twitter, linkedin and instagram')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ platforms: ['twitter', 'linkedin', 'instagram'] });
  });

  it('asks an author whose session ended to log in to export, without leaving the page', async () => {
    const { user, location } = await openMenu({
      ...signedIn(author),
      'POST /api/stories/7/export': { status: 401, body: { message: 'Not signed in' } },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Auto-Export All' }));
    expect(await screen.findByText('Please log in to export stories')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/stories/7');
  });

  it('says so when the server refuses the export (403), never that it will be shared', async () => {
    const { user } = await openMenu({
      ...signedIn(author),
      'POST /api/stories/7/export': { status: 403, body: { message: 'Your account is pending approval' } },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Auto-Export All' }));
    expect(await screen.findByText("You can't export this story")).toBeInTheDocument();
    expect(screen.getByText('Your account is pending approval')).toBeInTheDocument();
    expect(screen.queryByText(/will be shared on social media shortly/)).not.toBeInTheDocument();
    expect(screen.queryByText('Export Scheduled')).not.toBeInTheDocument();
  });

  it("shows the server's reason for a 400, such as an unpublished story", async () => {
    const { user } = await openMenu({
      ...signedIn(sampleUser({ id: 'u3', role: 'sub_admin' })),
      'POST /api/stories/7/export': {
        status: 400,
        body: { message: 'Story must be published before exporting to social media' },
      },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Auto-Export All' }));
    expect(await screen.findByText('Cannot Export')).toBeInTheDocument();
    expect(screen.getByText('Story must be published before exporting to social media')).toBeInTheDocument();
    expect(screen.queryByText(/will be shared on social media shortly/)).not.toBeInTheDocument();
  });

  it('says the export failed on a server error', async () => {
    const { user } = await openMenu({
      ...signedIn(author),
      'POST /api/stories/7/export': { status: 500, body: { message: 'internal error' } },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Auto-Export All' }));
    // A 5xx is retried once after a second (docs/product.md#errors) before the failure shows.
    expect(await screen.findByText('Failed to export to social media', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText(/will be shared on social media shortly/)).not.toBeInTheDocument();
  });
});

describe('labelled share buttons', () => {
  it('copies the link and opens the popups', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderApp('/stories/7', table());
    const block = (await screen.findByRole('heading', { name: 'Share this story' })).closest('section')!;
    await user.click(within(block).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Story link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(storyUrl());
    await user.click(within(block).getByRole('button', { name: 'Twitter' }));
    await user.click(within(block).getByRole('button', { name: 'LinkedIn' }));
    expect(open.mock.calls.map(([, , features]) => features)).toEqual([
      expect.stringContaining('width=600,height=400'),
      expect.stringContaining('width=600,height=500'),
    ]);
    await user.click(within(block).getByRole('button', { name: 'Instagram' }));
    expect(await screen.findByText('You can now paste it in your Instagram bio or story.')).toBeInTheDocument();
  });
});
