import { getGetStoryQueryKey } from '@grace-stories/sdk/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { samplePendingEdit, sampleStory, sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';

// Typing into several fields of the modal takes seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = sampleUser({ role: 'regular_contributor' });

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: user },
  [`GET /api/stories/author/${user.id}`]: { body: [] },
  'GET /api/categories': {
    body: [
      { id: 1, name: 'Community', storyCount: 0, createdAt: '2024-01-01T00:00:00Z' },
      { id: 2, name: 'Worship', storyCount: 1, createdAt: '2024-01-01T00:00:00Z' },
    ],
  },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create Story' }));
  return within(await screen.findByRole('dialog', { name: 'Create New Story' }));
}

async function chooseCategory(dialog: ReturnType<typeof within>, name: string) {
  await userEvent.click(dialog.getByLabelText('Category *'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('the story form', () => {
  it('offers server and default categories once each, and Social Export only for published stories', async () => {
    renderApp('/contributor-dashboard', table());
    const dialog = await openCreate();
    expect(dialog.getByRole('tab', { name: 'Social Export' })).toBeDisabled();
    await userEvent.click(dialog.getByLabelText('Category *'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Community', 'Worship', 'Bible Study', 'Testimonies', 'Faith & Life']);
  });

  it('enables submit only with title, content and category, and the video URL in video mode', async () => {
    renderApp('/contributor-dashboard', table());
    const dialog = await openCreate();
    const submit = dialog.getByRole('button', { name: 'Create Story' });
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Title *'), 'Morning Prayer');
    await userEvent.type(dialog.getByLabelText('Story Content *'), '   ');
    await chooseCategory(dialog, 'Worship');
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Story Content *'), 'We sang.');
    expect(submit).toBeEnabled();

    await userEvent.click(dialog.getByRole('radio', { name: 'Video Story' }));
    expect(dialog.getByLabelText('Description & Notes *')).toHaveValue('   We sang.');
    expect(dialog.queryByLabelText('Story Content *')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Video URL *')).toHaveAttribute('type', 'url');
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Video URL *'), 'https://youtu.be/abc');
    expect(submit).toBeEnabled();
  });

  it('chooses the content type and the publication status with the arrow keys, one tab stop each', async () => {
    renderApp('/contributor-dashboard', table());
    const dialog = await openCreate();
    const text = dialog.getByRole('radio', { name: 'Text Article' });
    const video = dialog.getByRole('radio', { name: 'Video Story' });
    // One tab stop: from the checked option, Tab leaves the group (Video Story is not a stop).
    act(() => text.focus());
    await userEvent.tab();
    expect(dialog.getByLabelText('Title *')).toHaveFocus();
    act(() => text.focus());
    // A quick press (down and up at once) chooses too; the focus follows after Radix's timeout.
    await userEvent.keyboard('{ArrowRight}');
    expect(video).toBeChecked();
    await waitFor(() => expect(video).toHaveFocus());
    expect(text).not.toBeChecked();
    expect(dialog.getByLabelText('Description & Notes *')).toBeInTheDocument();

    const draft = dialog.getByRole('radio', { name: 'Save as Draft' });
    expect(draft).toBeChecked();
    act(() => draft.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(dialog.getByRole('radio', { name: 'Publish' })).toBeChecked();
    await waitFor(() => expect(dialog.getByRole('radio', { name: 'Publish' })).toHaveFocus());
    expect(dialog.getByText('This story will be visible to all users')).toBeInTheDocument();
  });

  it('counts characters and minutes of reading', async () => {
    renderApp('/contributor-dashboard', table());
    const dialog = await openCreate();
    expect(dialog.getByText('0 characters')).toBeInTheDocument();
    await userEvent.click(dialog.getByLabelText('Story Content *'));
    await userEvent.paste('x'.repeat(201));
    expect(dialog.getByText('201 characters')).toBeInTheDocument();
    expect(dialog.getByText('2 min read')).toBeInTheDocument();
  });

  it('shows the first schema failure as a Validation Error toast', async () => {
    const { fetchMock } = renderApp('/contributor-dashboard', table());
    const dialog = await openCreate();
    await userEvent.type(dialog.getByLabelText('Title *'), 'Morning Prayer');
    await userEvent.type(dialog.getByLabelText('Story Content *'), 'We sang.');
    await chooseCategory(dialog, 'Worship');
    await userEvent.type(dialog.getByLabelText('Story Thumbnail URL'), 'ftp://example.org/a.jpg');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Story' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('thumbnailUrl: Thumbnail URL must be an http(s) URL')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/stories')).toHaveLength(0);
  });

  it('creates a video story with the documented payload and closes', async () => {
    const created = sampleStory({ id: 21, status: 'pending_approval' });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({ 'POST /api/stories': { status: 201, body: created } }),
    );
    const dialog = await openCreate();
    await userEvent.click(dialog.getByRole('radio', { name: 'Video Story' }));
    await userEvent.type(dialog.getByLabelText('Title *'), '  Morning Prayer ');
    await chooseCategory(dialog, 'Bible Study');
    await userEvent.type(dialog.getByLabelText('Video URL *'), 'https://www.youtube.com/watch?v=abc');
    await userEvent.type(dialog.getByLabelText('Description & Notes *'), 'Notes');
    await userEvent.click(dialog.getByRole('radio', { name: 'Publish' }));
    expect(dialog.getByText('This story will be visible to all users')).toBeInTheDocument();
    // Publishing asks for consent (the site is required) and what the story touches.
    expect(dialog.getByRole('button', { name: 'Create Story' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'It mentions a child' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Show my story on this site (required)' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Show it in the widget other websites embed' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Story' }));

    // The server put it in the review queue: the toast says so rather than 'created' or 'published'.
    expect(await screen.findByText('Story sent for review')).toBeInTheDocument();
    expect(screen.getByText('It goes live once a reviewer approves it.')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/stories');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Morning Prayer',
      excerpt: null,
      content: 'Notes',
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      thumbnailUrl: null,
      category: 'Bible Study',
      isPublished: true,
      authorId: user.id,
      byline: 'full',
      audience: 'public',
      consent: { site: true, social: false, widget: true },
      sensitive: ['mentionsChild'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends how the story names its author and who may read it', async () => {
    const created = sampleStory({ id: 22, status: 'draft', byline: 'anonymous', audience: 'members' });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({ 'POST /api/stories': { status: 201, body: created } }),
    );
    const dialog = await openCreate();
    await userEvent.type(dialog.getByLabelText('Title *'), 'Quiet');
    await chooseCategory(dialog, 'Testimonies');
    await userEvent.type(dialog.getByLabelText('Story Content *'), 'What happened');
    expect(dialog.getByRole('radio', { name: /Full name/ })).toBeChecked();
    expect(dialog.getByRole('radio', { name: /Anonymous/ })).toHaveAccessibleDescription(
      '"A member of Grace Stories", no name and no picture. Reviewers still know it is yours.',
    );
    await userEvent.click(dialog.getByRole('radio', { name: /Anonymous/ }));
    await userEvent.click(dialog.getByRole('radio', { name: /Members only/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Story' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/stories')).toHaveLength(1));
    const [post] = calls(fetchMock, 'POST', '/api/stories');
    const body = JSON.parse(String(post?.[1]?.body));
    expect(body.byline).toBe('anonymous');
    expect(body.audience).toBe('members');
  });

  it('shows the server field errors and Failed to create story', async () => {
    renderApp(
      '/contributor-dashboard',
      table({
        'POST /api/stories': {
          status: 400,
          body: { message: 'Invalid story', errors: [{ field: 'title', message: 'Title is too long' }] },
        },
      }),
    );
    const dialog = await openCreate();
    await userEvent.type(dialog.getByLabelText('Title *'), 'Morning Prayer');
    await userEvent.type(dialog.getByLabelText('Story Content *'), 'We sang.');
    await chooseCategory(dialog, 'Worship');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Story' }));
    expect(await screen.findByText('Failed to create story')).toBeInTheDocument();
    expect(dialog.getByText('Title is too long')).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('loads a story as plain text for editing and says when the edit waits for review', async () => {
    const live = sampleStory({ id: 7, status: 'approved', isPublished: true });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: {
          body: [sampleSummary({ id: 7, status: 'approved', isPublished: true })],
        },
        'GET /api/stories/7': { body: live },
        'PUT /api/stories/7': { body: { story: live, staged: true, message: 'Sent for review' } },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    expect(await dialog.findByLabelText('Story Content *')).toHaveValue(
      'First paragraph\nsecond line\n\nSecond paragraph',
    );
    expect(dialog.getByRole('tab', { name: 'Social Export' })).toBeEnabled();
    await userEvent.type(dialog.getByLabelText('Title *'), '!');
    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    expect(await screen.findByText('Changes sent for review')).toBeInTheDocument();
    expect(screen.getByText(/sent for review\. The published version stays live/)).toBeInTheDocument();
    const [put] = calls(fetchMock, 'PUT', '/api/stories/7');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ title: 'Grace in the Harvest!' });
  });

  it('asks before a draft save withdraws a live story from the site', async () => {
    const live = sampleStory({ id: 7, status: 'approved', isPublished: true });
    const draft = sampleStory({ id: 7, status: 'draft', isPublished: false });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: {
          body: [sampleSummary({ id: 7, status: 'approved', isPublished: true })],
        },
        'GET /api/stories/7': { body: live },
        'PUT /api/stories/7': { body: { story: draft, staged: false, message: 'Story updated successfully' } },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    await userEvent.click(await dialog.findByRole('radio', { name: 'Save as Draft' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this story from the site?' });
    expect(within(confirm).getByText('It becomes a draft that only you and moderators can see.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep it live' }));
    expect(calls(fetchMock, 'PUT', '/api/stories/7')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Story' })).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Withdraw this story from the site?' })).getByRole(
        'button',
        {
          name: 'Save as Draft',
        },
      ),
    );
    expect(await screen.findByText('Story withdrawn from the site')).toBeInTheDocument();
    const [put] = calls(fetchMock, 'PUT', '/api/stories/7');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ isPublished: false });
  });

  it('saves a draft of a story that is not live without asking', async () => {
    const draft = sampleStory({ id: 7, status: 'draft', isPublished: false });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: {
          body: [sampleSummary({ id: 7, status: 'draft', isPublished: false })],
        },
        'GET /api/stories/7': { body: draft },
        'PUT /api/stories/7': { body: { story: draft, staged: false, message: 'Story updated successfully' } },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    await userEvent.click(await dialog.findByRole('radio', { name: 'Save as Draft' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    expect(await screen.findByText('Story updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', '/api/stories/7')).toHaveLength(1);
  });

  it('reopens Edit on the text just saved, never on the copy loaded before', async () => {
    const v1 = sampleStory({ id: 7, title: 'Harvest v1', content: '<p>Body v1</p>', source: 'Body v1' });
    const v2 = sampleStory({
      id: 7,
      title: 'Harvest v2',
      content: '<p>Body v2</p>',
      source: 'Body v2',
      updatedAt: '2024-03-06T10:00:00Z',
    });
    const fetchTable = table({
      [`GET /api/stories/author/${user.id}`]: { body: [sampleSummary({ id: 7 })] },
      'GET /api/stories/7': { body: v1 },
      'PUT /api/stories/7': { body: { story: v2, staged: false, message: 'Story updated successfully' } },
    });
    const { fetchMock } = renderApp('/contributor-dashboard', fetchTable);
    const openEdit = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
      return within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    };

    let dialog = await openEdit();
    expect(await dialog.findByLabelText('Title *')).toHaveValue('Harvest v1');
    await userEvent.clear(dialog.getByLabelText('Title *'));
    await userEvent.type(dialog.getByLabelText('Title *'), 'Harvest v2');
    await userEvent.clear(dialog.getByLabelText('Story Content *'));
    await userEvent.type(dialog.getByLabelText('Story Content *'), 'Body v2');
    // A read of the story while the modal closes is slower than the closing (as on a network).
    fetchTable['GET /api/stories/7'] = 'pending';
    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    expect(await screen.findByText('Story updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fetchTable['GET /api/stories/7'] = { body: v2 }; // the server's story from now on

    const fetchedBefore = calls(fetchMock, 'GET', '/api/stories/7').length;
    dialog = await openEdit();
    expect(await dialog.findByLabelText('Title *')).toHaveValue('Harvest v2');
    expect(dialog.getByLabelText('Story Content *')).toHaveValue('Body v2');
    // Opening the form asked the server again.
    expect(calls(fetchMock, 'GET', '/api/stories/7')).toHaveLength(fetchedBefore + 1);
  });

  it('shows the edit form only once the story is fetched again, not from a cached copy', async () => {
    const { client } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: { body: [sampleSummary({ id: 7 })] },
        'GET /api/stories/7': 'pending',
      }),
    );
    client.setQueryData(getGetStoryQueryKey(7), sampleStory({ id: 7, title: 'An older copy' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    expect(dialog.getByRole('status', { name: 'Loading story' })).toBeInTheDocument();
    expect(dialog.queryByLabelText('Title *')).not.toBeInTheDocument();
    expect(dialog.queryByDisplayValue('An older copy')).not.toBeInTheDocument();
  });

  it('shows the text exactly as its author typed it, not the HTML made of it', async () => {
    const typed =
      'Line one\nLine two\n\n![Our choir](/media/0123456789abcdef0123456789abcdef-800.webp)\n\n1 < 2 & <b>bold</b>';
    renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: { body: [sampleSummary({ id: 7 })] },
        'GET /api/stories/7': {
          body: sampleStory({ id: 7, content: '<p>Line one<br>Line two</p><p>(the HTML)</p>', source: typed }),
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    expect(await dialog.findByLabelText('Story Content *')).toHaveValue(typed);
  });

  it('exports a published story and shows the server message', async () => {
    const live = sampleStory({ id: 7, status: 'approved', isPublished: true });
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: {
          body: [sampleSummary({ id: 7, status: 'approved', isPublished: true })],
        },
        'GET /api/stories/7': { body: live },
        'POST /api/stories/7/export': {
          body: { message: 'Queued for Twitter, LinkedIn and Instagram: the site will post it in the background' },
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Story' }));
    await userEvent.click(await dialog.findByRole('tab', { name: 'Social Export' }));
    expect(dialog.getByRole('link', { name: /\/stories\/7/ })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Export to All Platforms' }));
    expect(
      await screen.findByText('Queued for Twitter, LinkedIn and Instagram: the site will post it in the background'),
    ).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/stories/7/export');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ platforms: ['twitter', 'linkedin', 'instagram'] });
  });
});

describe('a live story whose edit waits for review', () => {
  const NOTICE = 'This edit is waiting for review. The live story keeps its current text until a reviewer approves it.';
  const live = sampleStory({ id: 7, status: 'approved', isPublished: true });
  const waiting = samplePendingEdit(
    { id: 7 },
    {
      title: 'Grace in the Harvest, revised',
      content: '<p>The waiting text</p>',
      source: 'The waiting text',
      excerpt: 'A new summary.',
    },
  );
  const waitingTable = (extra: FetchTable = {}): FetchTable =>
    table({
      [`GET /api/stories/author/${user.id}`]: {
        body: [sampleSummary({ id: 7, status: 'approved', isPublished: true, hasPendingRevision: true })],
      },
      'GET /api/stories/7': { body: live },
      'GET /api/stories/7/pending-edit': { body: waiting },
      'DELETE /api/stories/7/pending-edit': { body: live },
      ...extra,
    });

  async function openEdit() {
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Grace in the Harvest' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    return within(await screen.findByRole('dialog', { name: 'Edit Story' }));
  }

  it('reopens on the waiting text with the notice, and offers no save that would fail', async () => {
    const { fetchMock } = renderApp('/contributor-dashboard', waitingTable());
    const dialog = await openEdit();
    expect(await dialog.findByText(NOTICE)).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveValue('Grace in the Harvest, revised');
    expect(dialog.getByLabelText('Story Content *')).toHaveValue('The waiting text');
    expect(dialog.getByLabelText('Excerpt')).toHaveValue('A new summary.');
    expect(dialog.getByLabelText('Title *')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Story Content *')).toHaveAttribute('readonly');
    const save = dialog.getByRole('button', { name: 'Update Story' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      'Saving is paused while your edit waits for review. Withdraw the edit to make changes.',
    );
    expect(dialog.getByRole('button', { name: 'Withdraw edit' })).toBeEnabled();
    // The live story can still be exported meanwhile.
    expect(dialog.getByRole('tab', { name: 'Social Export' })).toBeEnabled();
    expect(calls(fetchMock, 'GET', '/api/stories/7/pending-edit')).toHaveLength(1);
    expect(calls(fetchMock, 'PUT', '/api/stories/7')).toHaveLength(0);
  });

  it('reopens on the waiting edit right after the save that sent it for review', async () => {
    const fetchTable = waitingTable({
      'GET /api/stories/7/pending-edit': { status: 404, body: { message: 'No edit waits' } },
      'PUT /api/stories/7': { body: { story: live, staged: true, message: 'Sent for review' } },
    });
    renderApp('/contributor-dashboard', fetchTable);
    let dialog = await openEdit();
    expect(await dialog.findByLabelText('Title *')).toHaveValue('Grace in the Harvest');
    expect(dialog.queryByText(NOTICE)).not.toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Title *'), ', revised');
    fetchTable['GET /api/stories/7/pending-edit'] = { body: waiting };
    await userEvent.click(dialog.getByRole('button', { name: 'Update Story' }));
    expect(await screen.findByText('Changes sent for review')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openEdit();
    expect(await dialog.findByText(NOTICE)).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveValue('Grace in the Harvest, revised');
    expect(dialog.getByRole('button', { name: 'Update Story' })).toBeDisabled();
  });

  it('withdraws the edit after a confirmation, then shows the live text to edit again', async () => {
    const fetchTable = waitingTable();
    const { fetchMock } = renderApp('/contributor-dashboard', fetchTable);
    const dialog = await openEdit();
    await userEvent.click(await dialog.findByRole('button', { name: 'Withdraw edit' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this edit?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep waiting' }));
    expect(calls(fetchMock, 'DELETE', '/api/stories/7/pending-edit')).toHaveLength(0);
    expect(dialog.getByLabelText('Title *')).toHaveValue('Grace in the Harvest, revised');

    fetchTable['GET /api/stories/7/pending-edit'] = { status: 404, body: { message: 'No edit waits' } };
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw edit' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this edit?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw edit' }));

    expect(await screen.findByText('Edit withdrawn')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/stories/7/pending-edit')).toHaveLength(1);
    await waitFor(() => expect(dialog.getByLabelText('Title *')).toHaveValue('Grace in the Harvest'));
    expect(dialog.getByLabelText('Story Content *')).toHaveValue('First paragraph\nsecond line\n\nSecond paragraph');
    expect(dialog.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).not.toHaveAttribute('readonly');
    await userEvent.type(dialog.getByLabelText('Title *'), '!');
    expect(dialog.getByRole('button', { name: 'Update Story' })).toBeEnabled();
  });

  it('shows the story as it stands when a reviewer decided on the edit first', async () => {
    const approved = sampleStory({
      id: 7,
      status: 'approved',
      isPublished: true,
      title: 'Grace in the Harvest, revised',
      content: '<p>The waiting text</p>',
      source: 'The waiting text',
      updatedAt: '2024-04-02T00:00:00Z',
    });
    const fetchTable = waitingTable({
      'DELETE /api/stories/7/pending-edit': { status: 404, body: { message: 'No edit waits' } },
    });
    renderApp('/contributor-dashboard', fetchTable);
    const dialog = await openEdit();
    await userEvent.click(await dialog.findByRole('button', { name: 'Withdraw edit' }));
    fetchTable['GET /api/stories/7'] = { body: approved };
    fetchTable['GET /api/stories/7/pending-edit'] = { status: 404, body: { message: 'No edit waits' } };
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Withdraw this edit?' })).getByRole('button', {
        name: 'Withdraw edit',
      }),
    );
    expect(await screen.findByText('This edit is no longer waiting')).toBeInTheDocument();
    await waitFor(() => expect(dialog.queryByText(NOTICE)).not.toBeInTheDocument());
    expect(dialog.getByLabelText('Title *')).toHaveValue('Grace in the Harvest, revised');
    expect(dialog.getByLabelText('Title *')).not.toHaveAttribute('readonly');
    expect(dialog.getByRole('button', { name: 'Update Story' })).toBeEnabled();
  });

  it('does not ask for a waiting edit of a story that is not live', async () => {
    const { fetchMock } = renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: { body: [sampleSummary({ id: 7 })] },
        'GET /api/stories/7': { body: sampleStory({ id: 7 }) },
      }),
    );
    const dialog = await openEdit();
    expect(await dialog.findByLabelText('Title *')).toHaveValue('Grace in the Harvest');
    expect(dialog.getByRole('button', { name: 'Update Story' })).toBeEnabled();
    expect(calls(fetchMock, 'GET', '/api/stories/7/pending-edit')).toHaveLength(0);
  });

  it('locks a story that waits for review as a whole, saying why', async () => {
    renderApp(
      '/contributor-dashboard',
      table({
        [`GET /api/stories/author/${user.id}`]: { body: [sampleSummary({ id: 7, status: 'pending_approval' })] },
        'GET /api/stories/7': { body: sampleStory({ id: 7, status: 'pending_approval' }) },
      }),
    );
    const dialog = await openEdit();
    expect(await dialog.findByText('Waiting for review')).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveAttribute('readonly');
    expect(dialog.getByRole('button', { name: 'Update Story' })).toHaveAccessibleDescription(
      'Saving is paused while this story waits for review.',
    );
    expect(dialog.queryByRole('button', { name: 'Withdraw edit' })).not.toBeInTheDocument();
  });
});
