import type { HelpMessageDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';
import { replyHref } from './help-inbox-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sampleUser({
  id: 'admin-id',
  username: 'admin',
  firstName: 'Super',
  lastName: 'Admin',
  role: 'super_admin',
});
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function helpMessage(id: number, overrides: Partial<HelpMessageDto> = {}): HelpMessageDto {
  return {
    id,
    subject: `Question ${id}`,
    category: 'technical',
    categoryLabel: 'Technical Support',
    contactEmail: `visitor${id}@example.org`,
    message: `Message ${id}`,
    createdAt: ago(2),
    handledAt: null,
    userId: null,
    ...overrides,
  };
}

const video = helpMessage(7, {
  subject: 'The video does not play',
  contactEmail: 'lydia@example.org',
  message: 'On my phone the video stays black.\nIt worked last week.',
  createdAt: ago(3 * 24 + 5),
});
const answered = helpMessage(3, {
  subject: 'How do I reset my password?',
  category: 'account',
  categoryLabel: 'Account Help',
  handledAt: ago(1),
});

/** The inbox answers by `status`, `limit` and `offset`, with the total in `X-Total-Count`. */
function inbox(open: HelpMessageDto[], handled: HelpMessageDto[] = []) {
  return (url: URL) => {
    const list = url.searchParams.get('status') === 'handled' ? handled : open;
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return { body: list.slice(offset, offset + limit), headers: { 'X-Total-Count': String(list.length) } };
  };
}

/** The tab's count comes from `GET /api/admin/queues`: here, whatever the inbox answers for its open view. */
function queueCounts(messages: FetchTable[string] | undefined) {
  return () => {
    const open =
      typeof messages === 'function' ? messages(new URL('http://localhost/api/admin/help-messages?status=open')) : null;
    const helpOpen = Number(open?.headers?.['X-Total-Count'] ?? 0);
    return { body: { comments: 0, newStories: 0, edits: 0, people: 0, helpOpen, mailFailed: 0, socialFailed: 0 } };
  };
}

const table = (extra: FetchTable = {}): FetchTable => {
  const answers: FetchTable = {
    ...signedOut,
    'GET /api/user': { body: admin },
    'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
    'GET /api/admin/users': { body: [admin] },
    'GET /api/admin/stories/pending': { body: [] },
    'GET /api/admin/help-messages': inbox([video], [answered]),
    ...extra,
  };
  return { 'GET /api/admin/queues': queueCounts(answers['GET /api/admin/help-messages']), ...answers };
};

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

async function openInbox(extra: FetchTable = {}) {
  const rendered = renderApp('/dashboard', table(extra));
  await userEvent.click(await screen.findByRole('link', { name: /^Help Inbox/ }));
  return rendered;
}

describe('Help Inbox', () => {
  it('counts the open messages on the tab', async () => {
    renderApp('/dashboard', table({ 'GET /api/admin/help-messages': inbox([video, helpMessage(8), helpMessage(9)]) }));
    expect(await screen.findByRole('link', { name: 'Help Inbox 3 open' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows no count on the tab when nothing waits', async () => {
    await openInbox({ 'GET /api/admin/help-messages': inbox([]) });
    expect(await screen.findByText('No open help messages')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help Inbox' })).toHaveTextContent(/^Help Inbox\s*$/);
  });

  it('lists an open message with its category, sender, wait, text and a reply link', async () => {
    await openInbox();
    const row = await screen.findByRole('listitem', { name: 'The video does not play' });
    expect(within(row).getByRole('heading', { level: 3, name: 'The video does not play' })).toHaveClass(
      '[overflow-wrap:anywhere]',
    );
    expect(row).toHaveTextContent('Technical Support');
    expect(row).toHaveTextContent('From lydia@example.org');
    expect(row).toHaveTextContent('waiting 3 days');
    expect(within(row).getByText(/On my phone the video stays black/)).toHaveClass('whitespace-pre-line');
    expect(within(row).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:lydia@example.org?subject=Re%3A%20The%20video%20does%20not%20play',
    );
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Showing 1 of 1 open messages')).toBeInTheDocument();
  });

  it('switches to the handled messages, which offer no Mark handled', async () => {
    const { fetchMock } = await openInbox();
    await screen.findByRole('listitem', { name: 'The video does not play' });
    await userEvent.click(screen.getByRole('button', { name: 'Handled' }));
    const row = await screen.findByRole('listitem', { name: 'How do I reset my password?' });
    expect(screen.getByRole('button', { name: 'Handled' })).toHaveAttribute('aria-pressed', 'true');
    expect(row).toHaveTextContent('Account Help');
    expect(row).toHaveTextContent('Handled');
    expect(row).not.toHaveTextContent('waiting');
    expect(within(row).queryByRole('button', { name: 'Mark handled' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'The video does not play' })).not.toBeInTheDocument();
    const statuses = calls(fetchMock, 'GET', '/api/admin/help-messages').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('status'),
    );
    expect(statuses).toContain('handled');
  });

  it('marks a message handled and refreshes the inbox and the count', async () => {
    let open = [video, helpMessage(8)];
    let handled = [answered];
    const { fetchMock } = await openInbox({
      'GET /api/admin/help-messages': (url) => inbox(open, handled)(url),
      'POST /api/admin/help-messages/7/handled': () => {
        const done = { ...video, handledAt: new Date().toISOString() };
        open = open.filter((m) => m.id !== 7);
        handled = [done, ...handled];
        return { body: done };
      },
    });
    expect(await screen.findByRole('link', { name: 'Help Inbox 2 open' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'The video does not play' });
    await userEvent.click(within(row).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Message marked handled')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/help-messages/7/handled')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'The video does not play' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Help Inbox 1 open' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Handled' }));
    expect(await screen.findByRole('listitem', { name: 'The video does not play' })).toBeInTheDocument();
  });

  it('deletes a message only after confirming', async () => {
    let open = [video];
    const { fetchMock } = await openInbox({
      'GET /api/admin/help-messages': (url) => inbox(open)(url),
      'DELETE /api/admin/help-messages/7': () => {
        open = [];
        return { body: { message: 'Help message deleted' } };
      },
    });
    const row = await screen.findByRole('listitem', { name: 'The video does not play' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete help message?' });
    expect(dialog).toHaveTextContent('“The video does not play” from lydia@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/admin/help-messages/7')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Help message deleted')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/admin/help-messages/7')).toHaveLength(1);
    expect(await screen.findByText('No open help messages')).toBeInTheDocument();
  });

  it('says what failed, and refreshes when the message is already gone', async () => {
    const { fetchMock } = await openInbox({
      'POST /api/admin/help-messages/7/handled': { status: 404, body: { message: 'No such help message' } },
    });
    const row = await screen.findByRole('listitem', { name: 'The video does not play' });
    const before = calls(fetchMock, 'GET', '/api/admin/help-messages').length;
    await userEvent.click(within(row).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Failed to mark the message handled. It was already deleted.')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/help-messages').length).toBeGreaterThan(before));
  });

  it('pages the inbox twenty at a time: Showing 20 of 45, then Show more', async () => {
    const many = Array.from({ length: 45 }, (_, i) => helpMessage(100 + i));
    const { fetchMock } = await openInbox({ 'GET /api/admin/help-messages': inbox(many) });
    const list = await screen.findByRole('list', { name: 'Open help messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 45 open messages')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help Inbox 45 open' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 40 of 45 open messages')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 45 of 45 open messages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const pages = calls(fetchMock, 'GET', '/api/admin/help-messages').map(([url]) => {
      const params = new URL(String(url), 'http://localhost').searchParams;
      return `${params.get('status')}/${params.get('limit')}/${params.get('offset')}`;
    });
    expect(pages).toEqual(['open/20/0', 'open/20/20', 'open/20/40']);
  });

  it('escapes the characters that would end a mailto address', () => {
    expect(replyHref({ contactEmail: 'a+b@example.org', subject: 'Café & more?' })).toBe(
      'mailto:a+b@example.org?subject=Re%3A%20Caf%C3%A9%20%26%20more%3F',
    );
    expect(replyHref({ contactEmail: 'odd?x@example.org', subject: 'Hi' })).toBe(
      'mailto:odd%3Fx@example.org?subject=Re%3A%20Hi',
    );
  });
});
