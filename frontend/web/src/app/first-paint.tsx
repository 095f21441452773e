//! The first paint the server sends before any script runs, and how the app takes over from it.
//!
//! The landing page's first screen and the story browser's are React's own markup, kept as files
//! the server fills in (`app-server/src/pages/first_paint/*.html`: `first-paint.test.tsx` fails when
//! they no longer match what the components render, and rewrites them with
//! `UPDATE_FIRST_PAINT=1`). A story's page is painted by the server itself.
//!
//! The app's first render runs in a transition (`main.tsx`), and while the paint is on screen
//! whatever it waits for (who is signed in, the page's chunk, the story) suspends that render
//! instead of showing "Loading...": React then keeps the server's paint and commits once, the page
//! itself, so nothing flashes and the main thread does one swap, not three
//! (docs/benchmarks.md, "Phones").
import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { authQueryKey } from '@/hooks/use-auth';

/** What the server painted into `#root`. */
export type FirstPaint = {
  /** The path and query it was painted for. */
  path: string;
  /** The server saw no session cookie: the reader is a visitor, no need to ask `/api/user`. */
  visitor: boolean;
};

let firstPaint: FirstPaint | null = null;

/** Which of the paint's links and buttons a keyboard reader had reached (-1: none). */
let focusedInPaint = -1;
const focusables = () => document.querySelectorAll<HTMLElement>('#root a[href], #root button, #root input');

/** Reads the server's first paint in `root`, if any (call before `createRoot`). */
export function takeFirstPaint(root: HTMLElement): FirstPaint | null {
  const painted = root.querySelector(':scope > [data-prerendered]');
  firstPaint = painted
    ? { path: window.location.pathname + window.location.search, visitor: painted.hasAttribute('data-visitor') }
    : null;
  // Someone may Tab into the paint before the app takes over; the app's markup is the same, so the
  // same element (by its place among the focusable ones) gets the focus back in the takeover's commit.
  // A Tab pressed before this script ran (it starts after the first paint) has already moved the
  // focus into the paint: that counts too.
  if (painted) {
    const remember = (element: Element | null) => {
      focusedInPaint = [...focusables()].indexOf(element as HTMLElement);
    };
    if (painted.contains(document.activeElement)) remember(document.activeElement);
    root.addEventListener('focusin', (event) => {
      if (painted.isConnected) remember(event.target as Element);
    });
  }
  return firstPaint;
}

/** What the paint tells the app before it starts: a visitor's page needs no `/api/user`. */
export function seedFromFirstPaint(client: QueryClient, paint: FirstPaint | null) {
  if (paint?.visitor) client.setQueryData(authQueryKey, null);
}

/** For tests: set (or forget) the first paint. */
export function setFirstPaint(paint: FirstPaint | null) {
  firstPaint = paint;
}

/** Whether the server's paint is still what is on screen (the app has committed nothing yet). */
export function useFirstPaint(): boolean {
  const [location] = useLocation();
  if (!firstPaint) return false;
  const search = typeof window === 'undefined' ? '' : window.location.search;
  return firstPaint.path === location + search;
}

/** Once the app has committed its first page, a wait shows "Loading..." again. */
export function useFirstPaintReplaced() {
  // A layout effect: the focus is back before the browser paints or a key is handled.
  useLayoutEffect(() => {
    firstPaint = null;
    if (focusedInPaint >= 0 && document.activeElement === document.body) focusables()[focusedInPaint]?.focus();
    focusedInPaint = -1;
  }, []);
}

const never = new Promise<never>(() => {});

/**
 * While the app waits: with the server's paint on screen, suspends until `until` settles (the page's
 * chunk, when it is what is missing, retries the render by itself); else "Loading...".
 */
export function PageLoading({ until }: { until?: Promise<unknown> }) {
  if (useFirstPaint()) throw until ?? never;
  return <LoadingScreen />;
}
