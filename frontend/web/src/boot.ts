// The page's first script, and a tiny one: when the server painted the page (the landing page,
// the story browser, a story, a member's Home), the browser shows that before any of the app's
// scripts is even asked for, and the app starts just after; otherwise at once. A painted page's
// preloads come inert (`data-after-paint`, app-server/src/pages/head.rs): the stylesheet and the
// paint's pictures have a slow line to themselves until the paint, then this asks for the app's
// scripts all at once, so waiting costs no round trip (docs/benchmarks.md, "Phones").
const app = document.querySelector<HTMLLinkElement>('link[data-app]');
const root = document.getElementById('root');

/**
 * Asks for the scripts the painted page left waiting, at low priority still: the paint's pictures
 * may not all have come yet. Says whether there were any (a painted page).
 */
function preload(): boolean {
  const waiting = document.querySelectorAll<HTMLLinkElement>('link[data-after-paint]');
  for (const script of waiting) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = script.href;
    document.head.append(link);
  }
  return waiting.length > 0;
}

function start() {
  if (!app) throw new Error('index.html preloads no app script');
  const painted = preload();
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  if (painted) script.fetchPriority = 'low';
  script.src = app.href;
  document.head.append(script);
}

/** If the browser reports paints but never this page's, the app starts this long after its frame. */
const PAINT_UNREPORTED_MS = 3_000;

/**
 * Calls `then` once the page's first paint is on screen: when the browser reports the first
 * contentful paint, which it does once that frame was presented, not merely handed to the
 * compositor. On a busy machine the presenting can come a second after the frame (a page of plain
 * HTML does that too), and scripts asked for meanwhile count as part of the paint in Lighthouse's
 * estimate and compete with it for the processor (docs/benchmarks.md, "Presented, not committed").
 */
function whenPainted(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  const reportsPaint = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint') ?? false;
  if (reportsPaint) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  }
  // A browser without paint reports starts the app once the paint's frame is committed.
  requestAnimationFrame(() => setTimeout(once, reportsPaint ? PAINT_UNREPORTED_MS : 0));
}

/**
 * Until the app runs, the paint's menu button and select are only painted: a tap on one does
 * nothing. Its name is kept on `#root` (`data-tapped`; the last tap counts), and the app's control
 * opens once it takes over (`useTappedInPaint`, app/first-paint.tsx), which marks it `data-live`:
 * from then on the app handles its taps.
 */
function rememberTaps(root: HTMLElement) {
  root.addEventListener('click', (event) => {
    const control = (event.target as Element | null)?.closest?.(
      'button[aria-haspopup][aria-label], button[role="combobox"][aria-label]',
    );
    if (control && !control.hasAttribute('data-live')) root.dataset.tapped = control.getAttribute('aria-label')!;
  });
}

if (root?.firstElementChild) {
  rememberTaps(root);
  whenPainted(start);
} else start();
