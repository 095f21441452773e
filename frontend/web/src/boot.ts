// The page's first script, and a tiny one: when the server painted the page (the landing page,
// the story browser, a story), the browser shows that before the app's script runs, and the app
// starts just after; otherwise at once. index.html preloads the app meanwhile (vite.config.ts), so
// waiting costs no round trip (docs/benchmarks.md, "Phones").
const app = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-app]');
const root = document.getElementById('root');

function start() {
  if (!app) throw new Error('index.html preloads no app script');
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app.href;
  document.head.append(script);
}

if (root?.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
