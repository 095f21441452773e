//! The embeddable widget. A church adds, where the cards should appear:
//!   <script src="https://stories.example.org/widget.js" data-category="Testimonies" data-limit="3" async></script>
//! It reads the newest published stories from the server it was loaded from and shows them as
//! cards linking to the site, in a shadow root that follows the host page's light or dark look.
import { configureSdk, listStories } from '@grace-stories/sdk';
import { hostTheme, render, type View } from './render';

const MAX_LIMIT = 12;

function limitOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_LIMIT) : 3;
}

function start(script: HTMLScriptElement) {
  const site = new URL(script.src, document.baseURI).origin;
  const category = script.dataset.category?.trim() || undefined;
  const limit = limitOf(script.dataset.limit);
  const forced = script.dataset.theme === 'dark' || script.dataset.theme === 'light' ? script.dataset.theme : null;

  const host = document.createElement('div');
  host.className = 'grace-stories-widget';
  script.after(host);
  const root = host.attachShadow({ mode: 'open' });

  let view: View = { state: 'loading' };
  const draw = () => render(root, view, { site, category, theme: forced ?? hostTheme(host) });
  draw();

  // Follow the page when it switches between light and dark (a class or style on <html> or <body>,
  // or the system setting the page's CSS answers to).
  const observer = new MutationObserver(draw);
  for (const node of [document.documentElement, document.body]) {
    observer.observe(node, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
  }
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', draw);

  // Public stories only, from any site: no cookies.
  configureSdk({ baseUrl: site, credentials: 'omit' });
  listStories({ limit, widget: true, ...(category ? { category } : {}) }).then(
    (stories) => {
      view = { state: 'ready', stories };
      draw();
    },
    () => {
      view = { state: 'failed' };
      draw();
    },
  );
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) start(current);
