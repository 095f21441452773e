import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { SUBSCRIBE_WORDING } from './subscribe-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CHECK_INBOX = { message: 'Check your inbox to confirm' };
const CATEGORIES = [
  { id: 1, name: 'Testimonies', storyCount: 2, createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Worship', storyCount: 1, createdAt: '2026-01-01T00:00:00Z' },
];

function table(extra: FetchTable = {}): FetchTable {
  return { ...signedOut, 'GET /api/categories': { body: CATEGORIES }, ...extra };
}

function signUps(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/subscriptions'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The landing page's footer, with the form revealed by its button. */
async function openFooterForm(extra: FetchTable = {}) {
  const rendered = renderApp('/', table(extra));
  await userEvent.click(await screen.findByRole('button', { name: 'Get new stories by e-mail' }));
  const form = await screen.findByRole('form', { name: 'Get new stories by e-mail' });
  return { ...rendered, form: within(form) };
}

/** The Rust string literal `SUBSCRIBE_WORDING`, with its line continuations (`\` + newline + indent) joined. */
function serverWording(): string {
  const file = 'domain/src/subscription/service.rs';
  let dir = process.cwd();
  while (!existsSync(join(dir, file)) && dirname(dir) !== dir) dir = dirname(dir);
  const source = readFileSync(join(dir, file), 'utf8');
  const literal = /pub const SUBSCRIBE_WORDING: &str = "((?:[^"\\]|\\.)*)";/s.exec(source)?.[1];
  if (literal === undefined) throw new Error('SUBSCRIBE_WORDING not found in service.rs');
  return literal.replace(/\\\n\s*/g, '');
}

describe('Get new stories by e-mail', () => {
  it('shows the consent wording the server stores, word for word', async () => {
    expect(SUBSCRIBE_WORDING).toBe(serverWording());
    const { form } = await openFooterForm();
    expect(form.getByText(SUBSCRIBE_WORDING)).toBeInTheDocument();
  });

  it('signs up weekly to all categories by default and shows the server’s answer', async () => {
    const { form, fetchMock } = await openFooterForm({ 'POST /api/subscriptions': { status: 202, body: CHECK_INBOX } });
    expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveFocus();
    expect(form.getByRole('radio', { name: 'Weekly digest' })).toBeChecked();
    // The categories stay folded away, and unasked for, until opened.
    expect(form.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/categories'))).toBe(false);
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), ' reader@example.org ');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    // True whatever is stored: a confirmed address is mailed nothing.
    expect(screen.getByRole('status')).toHaveTextContent(
      'A link to confirm goes to reader@example.org, unless it is subscribed already.',
    );
    expect(signUps(fetchMock)).toEqual([
      { email: 'reader@example.org', frequency: 'weekly', categories: [], page: '/', website: null },
    ]);
  });

  it('preselects the frequency the super admin chose', async () => {
    const { form, fetchMock } = await openFooterForm({
      'GET /api/site': {
        body: {
          siteName: 'Grace Stories',
          supportEmail: 'help@example.org',
          googleSignInEnabled: false,
          defaultFrequency: 'monthly',
        },
      },
      'POST /api/subscriptions': { status: 202, body: CHECK_INBOX },
    });
    expect(await form.findByRole('radio', { name: 'Monthly digest' })).toBeChecked();
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'reader@example.org');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('status');
    expect(signUps(fetchMock)[0]).toMatchObject({ frequency: 'monthly' });
  });

  it('sends the chosen frequency and categories', async () => {
    const { form, fetchMock } = await openFooterForm({ 'POST /api/subscriptions': { status: 202, body: CHECK_INBOX } });
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'reader@example.org');
    await userEvent.click(form.getByRole('radio', { name: 'Each story as it is published' }));
    await userEvent.click(form.getByText('Choose categories'));
    await userEvent.click(await form.findByRole('checkbox', { name: 'Worship' }));
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('status');
    expect(signUps(fetchMock)).toEqual([
      { email: 'reader@example.org', frequency: 'each', categories: ['Worship'], page: '/', website: null },
    ]);
  });

  it('checks the address before sending, and puts the server’s field errors under the field', async () => {
    const { form, fetchMock } = await openFooterForm({
      'POST /api/subscriptions': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Validation failed',
          errors: [{ field: 'email', message: 'This address cannot receive mail' }],
        },
      },
    });
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'not an address');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(signUps(fetchMock)).toEqual([]);

    await userEvent.clear(form.getByRole('textbox', { name: 'E-mail address' }));
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'reader@example.org');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(signUps(fetchMock)).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /inbox/ })).not.toBeInTheDocument();
  });

  it('says what the server says when there were too many sign-ups', async () => {
    const { form } = await openFooterForm({
      'POST /api/subscriptions': {
        status: 429,
        body: { code: 'rate_limited', message: 'Too many requests, please try again later' },
        headers: { 'Retry-After': '60' },
      },
    });
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'reader@example.org');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    // A 429 is tried once more after a second (lib/retry.ts) before the toast.
  }, 15_000);

  it('keeps its honeypot away from people and sends what a robot fills in', async () => {
    const { form, fetchMock, container } = await openFooterForm({
      'POST /api/subscriptions': { status: 202, body: CHECK_INBOX },
    });
    // Not in the accessibility tree, not in the tab order.
    expect(form.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail address' }), 'robot@example.org');
    await userEvent.type(trap as HTMLInputElement, 'https://spam.example');
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }));
    // The robot hears what a person hears.
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    expect(signUps(fetchMock)[0]).toMatchObject({ website: 'https://spam.example' });
  });
});
