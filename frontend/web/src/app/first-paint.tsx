//! The first paint the server sends before any script runs, and how the app takes over from it.
//!
//! The paints of the landing page, the story browser, a member's Home and a story are React's own
//! markup, kept as files the server fills in (`app-server/src/pages/first_paint/*.html`: the tests
//! beside this file, `first-paint.test.tsx`, `hydrated-paints.test.tsx` and `story-paint.test.tsx`,
//! fail when they no longer match what React renders, and rewrite them with `UPDATE_FIRST_PAINT=1`).
//!
//! A visitor's story browser is the app's own first render of the page, which the app hydrates
//! (`main.tsx`): it adopts the server's markup instead of building the page a second time, so a
//! phone creates, styles and lays out the page once (docs/benchmarks.md, "Phones"). Such a paint
//! marks `#root` itself (`data-hydrate`).
//!
//! The landing page's, a member's pages' and a story's (their first screen) are not the app's whole
//! first render: they mark their outer element, and the
//! app's first render replaces them. That render runs in a transition (`main.tsx`), and while the
//! paint is on screen whatever it waits for (who is signed in, the page's chunk, the story)
//! suspends it instead of showing "Loading...": React then keeps the server's paint and commits
//! once, the page itself, so nothing flashes and the main thread does one swap, not three.
import type { QueryClient } from '@tanstack/react-query';
import { type RefObject, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { authQueryKey } from '@/hooks/use-auth';

/** What the server painted into `#root`. */
export type FirstPaint = {
  /** The path and query it was painted for. */
  path: string;
  /** The server saw no session cookie: the reader is a visitor, no need to ask `/api/user`. */
  visitor: boolean;
  /** The paint is the app's own first render of the page: hydrate it, do not replace it. */
  hydrate: boolean;
};

let firstPaint: FirstPaint | null = null;

/** Which of the paint's links and buttons a keyboard reader had reached (-1: none). */
let focusedInPaint = -1;
/** What a reader typed into the paint's text boxes, by each box's `aria-label`. */
const typedInPaint = new Map<string, string>();
/** Stops following the focus and the typing once the app has taken over. */
let stopFollowingFocus: (() => void) | null = null;
const focusables = () => document.querySelectorAll<HTMLElement>('#root a[href], #root button, #root input');

/** Reads the server's first paint in `root`, if any (call before `createRoot`). */
export function takeFirstPaint(root: HTMLElement): FirstPaint | null {
  const hydrate = root.hasAttribute('data-hydrate');
  const painted = hydrate ? root : root.querySelector(':scope > [data-prerendered]');
  firstPaint = painted
    ? {
        path: window.location.pathname + window.location.search,
        visitor: painted.hasAttribute('data-visitor'),
        hydrate,
      }
    : null;
  // Someone may Tab into a paint the app replaces; the app's markup is the same, so the same
  // element (by its place among the focusable ones) gets the focus back in the takeover's commit.
  // A Tab pressed before this script ran (it starts after the first paint) has already moved the
  // focus into the paint: that counts too. A hydrated paint keeps its elements, and the focus.
  if (painted && !hydrate) {
    const remember = (element: Element | null) => {
      focusedInPaint = [...focusables()].indexOf(element as HTMLElement);
    };
    if (painted.contains(document.activeElement)) remember(document.activeElement);
    const follow = (event: FocusEvent) => remember(event.target as Element);
    root.addEventListener('focusin', follow);
    stopFollowingFocus = () => root.removeEventListener('focusin', follow);
  }
  // Words typed into the paint's search box before the app runs are the reader's: the box that
  // takes over asks for them (`takeTypedInPaint`). A replaced paint's box is gone by then, and a
  // hydrated one's the app empties on its next render.
  if (painted) {
    const remember = (target: EventTarget | null) => {
      if (!(target instanceof HTMLInputElement)) return;
      const label = target.getAttribute('aria-label');
      if (label && target.value !== target.defaultValue) typedInPaint.set(label, target.value);
    };
    for (const input of painted.querySelectorAll('input')) remember(input);
    const follow = (event: Event) => remember(event.target);
    root.addEventListener('input', follow);
    const stopFocus = stopFollowingFocus;
    stopFollowingFocus = () => {
      stopFocus?.();
      root.removeEventListener('input', follow);
    };
  }
  return firstPaint;
}

/**
 * What a reader typed into the server's paint's text box labelled `label` before the app took
 * over, if anything (once: the app's box asks as it mounts).
 */
export function takeTypedInPaint(label: string): string | undefined {
  const typed = typedInPaint.get(label);
  typedInPaint.delete(label);
  return typed;
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

/**
 * The app's control `ref`, named `label`, that takes over from the same control of the server's
 * paint: if a reader tapped the painted one before the app ran (`boot.ts` keeps its name on
 * `#root` as `data-tapped`), `setOpen(true)` opens this one as the app takes over. The control is
 * marked `data-live`, so that `boot.ts` leaves its taps to the app from now on.
 */
export function useTappedInPaint(ref: RefObject<HTMLElement | null>, label: string, setOpen: (open: boolean) => void) {
  // A layout effect: the list or menu opens before the browser paints the app's page.
  useLayoutEffect(() => {
    ref.current?.setAttribute('data-live', '');
    const root = document.getElementById('root');
    if (root?.dataset.tapped !== label) return;
    delete root.dataset.tapped;
    setOpen(true);
  }, [ref, label, setOpen]);
}

/**
 * A tap on a stand-in of the control named `label` (a menu's button while its chunk loads): kept as
 * `boot.ts` keeps a tap on the paint's, so the control opens once it is here (`useTappedInPaint`).
 */
export function keepTap(label: string) {
  const root = document.getElementById('root');
  if (root) root.dataset.tapped = label;
}

/** Once the app has committed its first page, a wait shows "Loading..." again. */
export function useFirstPaintReplaced() {
  // A layout effect: the focus is back before the browser paints or a key is handled.
  useLayoutEffect(() => {
    firstPaint = null;
    stopFollowingFocus?.();
    stopFollowingFocus = null;
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
