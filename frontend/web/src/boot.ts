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

if (root?.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
