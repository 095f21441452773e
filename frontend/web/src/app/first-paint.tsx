//! The first paint the server sends before any script runs, and what the app does with it.
//!
//! The landing page's first screen and the story browser's are React's own markup, kept as files
//! the server fills in (`app-server/src/pages/first_paint/*.html`: `first-paint.test.tsx` fails when
//! they no longer match what the components render, and rewrites them with
//! `UPDATE_FIRST_PAINT=1`). A story's page is painted by the server itself. The app keeps that paint
//! on screen until it has the page's own content, so nothing flashes or shifts while the scripts,
//! the page's chunk and its data arrive (docs/benchmarks.md, "Phones").
import { useLocation } from 'wouter';
import { LoadingScreen } from '@/components/layout/loading-screen';

/** What the server painted into `#root`, taken before React replaces it. */
export type FirstPaint = {
  /** The painted element's markup. */
  html: string;
  /** The path and query it was painted for. */
  path: string;
  /** The server saw no session cookie: the reader is a visitor, no need to ask `/api/user`. */
  visitor: boolean;
};

let firstPaint: FirstPaint | null = null;

/** Takes the server's first paint out of `root` (call before `createRoot`). */
export function takeFirstPaint(root: HTMLElement): FirstPaint | null {
  const painted = root.querySelector(':scope > [data-prerendered]');
  firstPaint = painted
    ? {
        html: painted.outerHTML,
        path: window.location.pathname + window.location.search,
        visitor: painted.hasAttribute('data-visitor'),
      }
    : null;
  return firstPaint;
}

/** For tests: forget (or set) the first paint. */
export function setFirstPaint(paint: FirstPaint | null) {
  firstPaint = paint;
}

/** The first paint when the app is still at the path it was painted for. */
export function useFirstPaint(): FirstPaint | null {
  const [location] = useLocation();
  if (!firstPaint) return null;
  const search = typeof window === 'undefined' ? '' : window.location.search;
  // Once the app has left that page, the paint is stale: coming back shows the app's own.
  if (firstPaint.path !== location + search) firstPaint = null;
  return firstPaint;
}

/** The server's paint, unchanged (its wrapper takes no box of its own). */
export function FirstPaintMarkup({ paint }: { paint: FirstPaint }) {
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: paint.html }} />;
}

/** While the app waits (who is signed in, a page's chunk): the server's paint, else "Loading...". */
export function PageLoading() {
  const paint = useFirstPaint();
  return paint ? <FirstPaintMarkup paint={paint} /> : <LoadingScreen />;
}
