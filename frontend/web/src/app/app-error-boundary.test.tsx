import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { AppErrorBoundary } from './app-error-boundary';
import { isMissingChunk, RELOADED_AT_KEY, reloadForNewBuild } from './new-build';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

/** What each browser says when a script of the build cannot be loaded. */
const MISSING = [
  'Failed to fetch dynamically imported module: http://localhost/assets/story-detail-page-0ld.js', // Chromium
  'error loading dynamically imported module: http://localhost/assets/story-detail-page-0ld.js', // Firefox
  'Importing a module script failed.', // Safari
];

describe('a script of the build that cannot be loaded', () => {
  it('is told apart from other failures', () => {
    for (const message of MISSING) expect(isMissingChunk(new TypeError(message)), message).toBe(true);
    expect(isMissingChunk(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isMissingChunk('Failed to fetch')).toBe(false);
  });

  it('reloads the page once a minute at most', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild(1_000_000, reload)).toBe(true);
    expect(sessionStorage.getItem(RELOADED_AT_KEY)).toBe('1000000');
    expect(reloadForNewBuild(1_030_000, reload)).toBe(false);
    expect(reloadForNewBuild(1_061_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('when a page cannot be shown', () => {
  it('reloads for a page whose script is gone (an upgrade since the page was opened), showing nothing meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const Gone = lazy(() => Promise.reject(new TypeError(MISSING[0])));
    const { container } = render(
      <AppErrorBoundary reload={reload}>
        <Suspense fallback="Loading...">
          <Gone />
        </Suspense>
      </AppErrorBoundary>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(container).toBeEmptyDOMElement();
  });

  it('says so with a Reload button for any other failure, or a missing script again soon after a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    const reload = vi.fn();
    const Gone = lazy(() => Promise.reject(new TypeError(MISSING[0])));
    render(
      <AppErrorBoundary reload={reload}>
        <Suspense fallback="Loading...">
          <Gone />
        </Suspense>
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();

    function Broken(): never {
      throw new Error('a bug');
    }
    render(
      <AppErrorBoundary reload={reload}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(await screen.findAllByRole('heading', { name: 'This page could not be shown' })).toHaveLength(2);
    expect(reload).toHaveBeenCalledOnce();
  });
});
