import type { AuditEntryDto, OutboxMessageDto, SocialPostDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';
import { ACTION_LABEL } from './activity-log-tab';

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
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const failedMail: OutboxMessageDto = {
  id: 5,
  to: 'ruth@example.org',
  subject: 'Your story is live',
  body: 'Hello Ruth,\n\nGood news.',
  status: 'failed',
  attempts: 5,
  createdAt: ago(5),
  sentAt: null,
  lastError: '550 mailbox unavailable',
};
const sentMail: OutboxMessageDto = {
  ...failedMail,
  id: 6,
  subject: 'Welcome',
  status: 'sent',
  sentAt: ago(1),
  lastError: null,
  attempts: 1,
};

const queuedPost: SocialPostDto = {
  id: 11,
  storyId: 4,
  storyTitle: 'Finding Peace',
  platform: 'twitter',
  status: 'queued',
  attempts: 0,
  createdAt: ago(2),
  lastError: null,
  postedAt: null,
  postedUrl: null,
  deletion: null,
};
const failedPost: SocialPostDto = {
  ...queuedPost,
  id: 12,
  platform: 'linkedin',
  status: 'failed',
  attempts: 3,
  lastError: '401 invalid token',
};
const postedPost: SocialPostDto = {
  ...queuedPost,
  id: 13,
  storyTitle: null,
  status: 'posted',
  postedAt: ago(1),
  postedUrl: 'https://x.com/i/status/1',
};
const deletedPost: SocialPostDto = {
  ...postedPost,
  id: 14,
  storyTitle: 'Withdrawn story',
  status: 'deleted',
  deletion: { status: 'deleted', attempts: 1, lastError: null, deletedAt: ago(1) },
};
const undeletablePost: SocialPostDto = {
  ...postedPost,
  id: 15,
  storyTitle: 'Withdrawn story',
  platform: 'linkedin',
  postedUrl: 'https://www.linkedin.com/feed/update/urn:li:share:9/',
  deletion: { status: 'failed', attempts: 1, lastError: 'LinkedIn answered HTTP 403 Forbidden', deletedAt: null },
};

const entry = (
  id: number,
  action: AuditEntryDto['action'],
  actorName: string,
  reason: string | null = null,
): AuditEntryDto => ({
  id,
  at: ago(1),
  actorId: `${actorName}-id`,
  actorName,
  action,
  targetKind: 'story',
  targetId: '4',
  targetLabel: 'Finding Peace',
  reason,
});

function paged<T>(all: T[], pick: (item: T, url: URL) => boolean = () => true, wrap?: (items: T[]) => unknown) {
  return (url: URL) => {
    const list = all.filter((item) => pick(item, url));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const items = list.slice(offset, offset + limit);
    return { body: wrap ? wrap(items) : items, headers: { 'X-Total-Count': String(list.length) } };
  };
}

const byStatus = <T extends { status: string }>(item: T, url: URL) =>
  !url.searchParams.get('status') || url.searchParams.get('status') === item.status;

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: admin },
  'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/admin/users': { body: [admin] },
  'GET /api/admin/stories/pending': { body: [] },
  'GET /api/admin/help-messages': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/admin/queues': {
    body: { comments: 0, newStories: 0, edits: 0, people: 0, helpOpen: 0, mailFailed: 1, socialFailed: 1 },
  },
  'GET /api/admin/mail-outbox': paged([failedMail, sentMail], byStatus, (messages) => ({
    delivery: 'outbox',
    messages,
  })),
  'GET /api/admin/social-posts': paged([queuedPost, failedPost, postedPost, deletedPost, undeletablePost], byStatus),
  'GET /api/admin/audit-log': paged(
    [entry(2, 'story_unpublished', 'Boaz', 'Copied from a book'), entry(1, 'help_handled', 'Super Admin')],
    (item, url) =>
      (!url.searchParams.get('action') || url.searchParams.get('action') === item.action) &&
      (!url.searchParams.get('actor') || url.searchParams.get('actor') === item.actorId),
  ),
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

async function openTab(name: RegExp, extra: FetchTable = {}) {
  const rendered = renderApp('/dashboard', table(extra));
  await userEvent.click(await screen.findByRole('link', { name }, { timeout: 3000 }));
  return rendered;
}

describe('Mail Outbox', () => {
  it('says mail is only recorded without a mail server, and lists messages with their errors', async () => {
    await openTab(/^Mail Outbox/);
    expect(screen.getByRole('link', { name: 'Mail Outbox 1 failed' })).toBeInTheDocument();
    expect(await screen.findByText(/No mail server is configured/)).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Your story is live' });
    expect(row).toHaveTextContent('To ruth@example.org');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('5 tries');
    expect(row).toHaveTextContent('Last error: 550 mailbox unavailable');
    expect(
      within(screen.getByRole('listitem', { name: 'Welcome' })).queryByRole('button', { name: 'Retry' }),
    ).not.toBeInTheDocument();
  });

  it('filters by status and retries a failed message', async () => {
    const { fetchMock } = await openTab(/^Mail Outbox/, {
      'POST /api/admin/mail-outbox/5/retry': { body: { ...failedMail, status: 'pending' } },
    });
    await screen.findByRole('listitem', { name: 'Welcome' });
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Welcome' })).not.toBeInTheDocument());
    const statuses = calls(fetchMock, 'GET', '/api/admin/mail-outbox').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('status'),
    );
    expect(statuses).toContain('failed');
    await userEvent.click(
      within(screen.getByRole('listitem', { name: 'Your story is live' })).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByText('Message queued again')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/mail-outbox/5/retry')).toHaveLength(1);
  });

  it('keeps saying mail is only recorded when the tab is opened again, and asks the server again', async () => {
    const { fetchMock } = await openTab(/^Mail Outbox/, {
      'GET /api/admin/mail-outbox': paged(
        [sentMail, { ...failedMail, id: 7, subject: 'Queued', status: 'pending', attempts: 0, lastError: null }],
        byStatus,
        (messages) => ({ delivery: 'outbox', messages }),
      ),
    });
    expect(await screen.findByRole('listitem', { name: 'Queued' })).toHaveTextContent('Not sent');
    expect(screen.getByRole('button', { name: 'Not sent' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Activity Log' }));
    // The other screen shows (it loads lazily) before the outbox is opened again.
    expect(await screen.findByRole('heading', { name: 'Activity Log' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /^Mail Outbox/ }));
    expect(await screen.findByText(/No mail server is configured/)).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/mail-outbox')).toHaveLength(2));
  });

  it('says a mail server sends the mail when one is set, and shows an empty outbox', async () => {
    await openTab(/^Mail Outbox/, {
      'GET /api/admin/mail-outbox': { body: { delivery: 'smtp', messages: [] }, headers: { 'X-Total-Count': '0' } },
    });
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    expect(screen.getByText(/Sent through the mail server set in SMTP_URL/)).toBeInTheDocument();
    expect(screen.queryByText(/No mail server is configured/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waiting' })).toBeInTheDocument();
  });

  it('shows a message body on request', async () => {
    await openTab(/^Mail Outbox/);
    const row = await screen.findByRole('listitem', { name: 'Your story is live' });
    const body = within(row).getByText(/Good news\./);
    expect(body).not.toBeVisible();
    await userEvent.click(within(row).getByText('Show message'));
    expect(body).toBeVisible();
  });

  it('shows why a retry was refused', async () => {
    await openTab(/^Mail Outbox/, {
      'POST /api/admin/mail-outbox/5/retry': { status: 409, body: { message: 'The message did not fail' } },
    });
    const row = await screen.findByRole('listitem', { name: 'Your story is live' });
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to retry the message')).toBeInTheDocument();
    expect(screen.getByText('The message did not fail')).toBeInTheDocument();
  });
});

describe('Social Posts', () => {
  it('shows platform, status, errors and the posted link', async () => {
    await openTab(/^Social Posts/);
    const queued = await screen.findByRole('listitem', { name: 'Finding Peace on X (Twitter)' });
    expect(within(queued).getByRole('link', { name: 'Finding Peace' })).toHaveAttribute('href', '/stories/4');
    expect(within(queued).getByRole('button', { name: 'Cancel post' })).toBeInTheDocument();
    const failed = screen.getByRole('listitem', { name: 'Finding Peace on LinkedIn' });
    expect(failed).toHaveTextContent('Last error: 401 invalid token');
    const posted = screen.getByRole('listitem', { name: 'Deleted story on X (Twitter)' });
    expect(posted).toHaveTextContent('(deleted story)');
    const link = within(posted).getByRole('link', { name: 'View post' });
    expect(link).toHaveAttribute('href', 'https://x.com/i/status/1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows whether the posts of a withdrawn story were deleted on their platforms', async () => {
    await openTab(/^Social Posts/);
    const deleted = await screen.findByRole('listitem', { name: 'Withdrawn story on X (Twitter)' });
    expect(deleted).toHaveTextContent('Deleted');
    expect(deleted).toHaveTextContent('Consent withdrawn: deleted on X (Twitter)');
    // Nothing to view any more.
    expect(within(deleted).queryByRole('link', { name: 'View post' })).not.toBeInTheDocument();
    const failed = screen.getByRole('listitem', { name: 'Withdrawn story on LinkedIn' });
    expect(failed).toHaveTextContent(
      'Consent withdrawn, but the site could not delete this post (LinkedIn answered HTTP 403 Forbidden). Remove it on LinkedIn by hand.',
    );
    expect(within(failed).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn:li:share:9/',
    );
  });

  it('retries a failed post and cancels a queued one after confirming, showing a refusal in its own words', async () => {
    const { fetchMock } = await openTab(/^Social Posts/, {
      'POST /api/admin/social-posts/12/retry': {
        status: 409,
        body: { message: 'A post of this story is already queued for this platform' },
      },
      'POST /api/admin/social-posts/11/cancel': { body: { ...queuedPost, status: 'cancelled' } },
    });
    const failed = await screen.findByRole('listitem', { name: 'Finding Peace on LinkedIn' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('A post of this story is already queued for this platform')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('listitem', { name: 'Finding Peace on X (Twitter)' })).getByRole('button', {
        name: 'Cancel post',
      }),
    );
    expect(calls(fetchMock, 'POST', '/api/admin/social-posts/11/cancel')).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel post' }));
    expect(await screen.findByText('Post cancelled')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/social-posts/11/cancel')).toHaveLength(1);
  });

  it('filters by status and retries a failed post', async () => {
    const { fetchMock } = await openTab(/^Social Posts/, {
      'POST /api/admin/social-posts/12/retry': { body: { ...failedPost, status: 'queued' } },
    });
    expect(screen.getByRole('link', { name: 'Social Posts 1 failed' })).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Finding Peace on X (Twitter)' });
    await userEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Finding Peace on X (Twitter)' })).not.toBeInTheDocument(),
    );
    const statuses = calls(fetchMock, 'GET', '/api/admin/social-posts').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('status'),
    );
    expect(statuses).toEqual([null, 'failed']);
    const failed = screen.getByRole('listitem', { name: 'Finding Peace on LinkedIn' });
    expect(within(failed).queryByRole('button', { name: 'Cancel post' })).not.toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Post queued again')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/social-posts/12/retry')).toHaveLength(1);
  });

  it('shows an empty state', async () => {
    await openTab(/^Social Posts/, { 'GET /api/admin/social-posts': { body: [], headers: { 'X-Total-Count': '0' } } });
    expect(await screen.findByText('No social posts')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Social posts' })).not.toBeInTheDocument();
  });
});

describe('Activity Log', () => {
  it('lists who did what to which story and why, and filters by a person', async () => {
    const { fetchMock } = await openTab(/^Activity Log/);
    const row = await screen.findByRole('listitem', { name: 'Story taken down by Boaz' });
    expect(row).toHaveTextContent('Copied from a book');
    expect(within(row).getByRole('link', { name: 'Finding Peace' })).toHaveAttribute('href', '/stories/4');
    expect(screen.getByRole('listitem', { name: 'Help message handled by Super Admin' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Boaz' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Help message handled by Super Admin' })).not.toBeInTheDocument(),
    );
    const actors = calls(fetchMock, 'GET', '/api/admin/audit-log').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('actor'),
    );
    expect(actors).toContain('Boaz-id');
    await userEvent.click(screen.getByRole('button', { name: 'Show everyone, not only Boaz' }));
    expect(await screen.findByRole('listitem', { name: 'Help message handled by Super Admin' })).toBeInTheDocument();
  });

  it('filters by action, with a label for every action', async () => {
    const { fetchMock } = await openTab(/^Activity Log/);
    await screen.findByRole('listitem', { name: 'Story taken down by Boaz' });
    const select = screen.getByRole('combobox', { name: 'Action' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toHaveLength(Object.keys(ACTION_LABEL).length + 1);
    expect(options).toContain('Story approved');
    await userEvent.selectOptions(select, 'Help message handled');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Story taken down by Boaz' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Help message handled by Super Admin' })).toBeInTheDocument();
    const actions = calls(fetchMock, 'GET', '/api/admin/audit-log').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('action'),
    );
    expect(actions).toEqual([null, 'help_handled']);
  });

  it('shows when, exactly on hover, and names a target that is not a story without a link', async () => {
    const at = ago(3);
    await openTab(/^Activity Log/, {
      'GET /api/admin/audit-log': {
        body: [
          {
            ...entry(3, 'person_suspended', 'Super Admin', 'Spam'),
            at,
            targetKind: 'person',
            targetId: 'u-9',
            targetLabel: 'Eli Smith',
          },
        ],
        headers: { 'X-Total-Count': '1' },
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Person suspended by Super Admin' });
    expect(row).toHaveTextContent('Eli Smith');
    expect(row).toHaveTextContent('Spam');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    const time = within(row).getByText('3 hours ago');
    expect(time).toHaveAttribute('datetime', at);
    expect(time.getAttribute('title')).toBeTruthy();
  });

  it('names the roles of a role change and does not link a deleted story', async () => {
    await openTab(/^Activity Log/, {
      'GET /api/admin/audit-log': {
        body: [
          {
            ...entry(5, 'role_changed', 'Super Admin', 'member → sub_admin'),
            targetKind: 'person',
            targetId: 'u-1',
            targetLabel: 'Ruth Moabite',
          },
          entry(4, 'story_deleted', 'Boaz'),
        ],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const changed = await screen.findByRole('listitem', { name: 'Role changed by Super Admin' });
    expect(changed).toHaveTextContent('Member → Sub Admin');
    const deleted = screen.getByRole('listitem', { name: 'Story deleted by Boaz' });
    expect(deleted).toHaveTextContent('Finding Peace');
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    await openTab(/^Activity Log/, { 'GET /api/admin/audit-log': { body: [], headers: { 'X-Total-Count': '0' } } });
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });
});

describe('API Tokens', () => {
  const token = (id: number, name: string, ownerEmail: string) => ({
    id,
    name,
    scope: 'read_write',
    hint: 'f00d',
    createdAt: ago(30),
    lastUsedAt: ago(1),
    expiresAt: null,
    expired: false,
    userId: `${ownerEmail}-id`,
    ownerEmail,
    ownerUsername: ownerEmail.split('@')[0],
  });

  it('lists every token with its holder and revokes one after confirming', async () => {
    let tokens = [token(2, 'Church app', 'ruth@example.org'), token(1, 'Backup script', 'boaz@example.org')];
    const fetchTable = table({
      'GET /api/admin/tokens': (url: URL) => paged(tokens)(url),
      'DELETE /api/admin/tokens/2': () => {
        tokens = tokens.filter((t) => t.id !== 2);
        return { body: { message: 'API token revoked' } };
      },
    });
    const { fetchMock } = renderApp('/dashboard', fetchTable);
    await userEvent.click(await screen.findByRole('link', { name: 'API Tokens' }));
    const list = within(await screen.findByRole('list', { name: 'API tokens' }));
    const row = within(list.getByRole('listitem', { name: 'Church app of ruth@example.org' }));
    expect(row.getByText('Held by ruth (ruth@example.org)')).toBeInTheDocument();
    expect(row.getByText(/last used/)).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Revoke Church app of ruth@example.org' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API token revoked')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Church app of ruth@example.org' })).not.toBeInTheDocument(),
    );
    expect(calls(fetchMock, 'DELETE', '/api/admin/tokens/2')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Backup script of boaz@example.org' })).toBeInTheDocument();
  });
});
