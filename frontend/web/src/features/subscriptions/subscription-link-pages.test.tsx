import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render-app';
import { MANAGE_TITLE } from './subscription-link-pages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const confirmed = { email: 'reader@example.org', frequency: 'weekly', categories: [], status: 'confirmed' };

function posts(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => {
      const u = new URL(String(url), 'http://localhost');
      return { path: u.pathname + u.search, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    });
}

describe('/subscriptions/confirm', () => {
  it('changes nothing when opened and confirms when the person presses Confirm', async () => {
    const { fetchMock } = renderApp('/subscriptions/confirm?token=abc', {
      'POST /api/subscriptions/confirm': { status: 200, body: confirmed },
    });
    const button = await screen.findByRole('button', { name: 'Confirm' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are subscribed' })).toBeInTheDocument();
    expect(screen.getByText(/reader@example\.org/)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ path: '/api/subscriptions/confirm', body: { token: 'abc' } }]);
  });

  it('says an unknown link is invalid, and an expired one what the server says', async () => {
    renderApp('/subscriptions/confirm?token=gone', {
      'POST /api/subscriptions/confirm': {
        status: 404,
        body: { code: 'not_found', message: 'This link is invalid or has expired' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
  });
});

describe('/subscriptions/unsubscribe', () => {
  it('offers fewer mails or none, and unsubscribes in one press', async () => {
    const { fetchMock } = renderApp('/subscriptions/unsubscribe?token=abc', {
      'POST /api/subscriptions/unsubscribe': { status: 200, body: { ...confirmed, status: 'unsubscribed' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: MANAGE_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send less often' })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ path: '/api/subscriptions/unsubscribe?token=abc', body: undefined }]);
  });

  it('sends less often as a monthly digest', async () => {
    const { fetchMock } = renderApp('/subscriptions/unsubscribe?token=abc', {
      'POST /api/subscriptions/frequency': { status: 200, body: { ...confirmed, frequency: 'monthly' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send less often' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You will hear from us less often' }),
    ).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      { path: '/api/subscriptions/frequency', body: { token: 'abc', frequency: 'monthly' } },
    ]);
  });
});
