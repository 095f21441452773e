//! The widget's markup and style, built with DOM calls only (every text goes in as text, never
//! as HTML), inside a shadow root so the host page's CSS neither leaks in nor is touched.
import type { StorySummaryDto } from '@grace-stories/sdk';

export type Theme = 'light' | 'dark';

export const STYLE = `
:host { all: initial; display: block; }
.root { --bg: #fffdf8; --card: #ffffff; --text: #2a1f14; --muted: #6b5d4f; --border: #eadfcf; --accent: #b45309;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: 12px; padding: 16px; box-sizing: border-box; }
.root[data-theme="dark"] { --bg: #1c1712; --card: #26201a; --text: #f5ede3; --muted: #c2b4a4; --border: #3d342b; --accent: #f59e0b; }
h2 { font-size: 17px; margin: 0 0 12px; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
li { margin: 0; }
a.card { display: grid; gap: 6px; height: 100%; box-sizing: border-box; padding: 12px; border: 1px solid var(--border);
  border-radius: 10px; background: var(--card); color: inherit; text-decoration: none; }
a.card:hover { border-color: var(--accent); }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 6px; }
.category { font-size: 12px; font-weight: 600; color: var(--accent); text-transform: uppercase; letter-spacing: .04em; }
h3 { font-size: 16px; margin: 0; line-height: 1.3; overflow-wrap: anywhere; }
p { margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
.meta { font-size: 12px; }
.more { display: inline-block; margin-top: 12px; color: var(--accent); font-weight: 600; }
`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An https (or same-site) picture address, else nothing: the widget shows no other URLs. */
function safeImage(url: string | null | undefined, site: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, site);
    return parsed.protocol === 'https:' || parsed.origin === new URL(site).origin ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The name the story's byline shows (the server has already applied it). */
function authorName(story: StorySummaryDto): string {
  return story.author.name;
}

function date(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime())
    ? ''
    : parsed.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function card(story: StorySummaryDto, site: string): HTMLLIElement {
  const link = el('a', { class: 'card', href: `${site}/stories/${story.id}`, target: '_blank', rel: 'noopener' });
  const image = safeImage(story.thumbnailUrl, site);
  if (image) link.append(el('img', { src: image, alt: '', loading: 'lazy' }));
  link.append(el('span', { class: 'category' }, story.category), el('h3', {}, story.title));
  const summary = story.excerpt || story.preview;
  if (summary) link.append(el('p', {}, summary));
  const meta = [authorName(story), date(story.publishedAt)].filter(Boolean).join(' · ');
  if (meta) link.append(el('p', { class: 'meta' }, meta));
  return el('li', {}, link);
}

export type View = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stories: StorySummaryDto[] };

/** Replaces the shadow root's content with the view. */
export function render(root: ShadowRoot, view: View, options: { site: string; category?: string; theme: Theme }) {
  const heading = options.category ? `${options.category} stories` : 'Community stories';
  const more = new URL('/stories', options.site);
  if (options.category) more.searchParams.set('category', options.category);
  const body: Node[] = [el('h2', {}, heading)];
  if (view.state === 'loading') body.push(el('p', { role: 'status' }, 'Loading stories…'));
  else if (view.state === 'failed') body.push(el('p', { role: 'status' }, 'Stories could not be loaded.'));
  else if (view.stories.length === 0) body.push(el('p', {}, 'No stories yet.'));
  else body.push(el('ul', {}, ...view.stories.map((story) => card(story, options.site))));
  body.push(el('a', { class: 'more', href: more.href, target: '_blank', rel: 'noopener' }, 'More stories →'));
  root.replaceChildren(
    el('style', {}, STYLE),
    el('section', { class: 'root', 'data-theme': options.theme, 'aria-label': heading }, ...body),
  );
}

/** The relative luminance (0 dark to 1 light) of a computed `rgb()`/`rgba()` colour, or null when transparent. */
export function luminance(color: string): number | null {
  const parts = color.match(/[\d.]+/g)?.map(Number);
  if (!parts || parts.length < 3) return null;
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  if (a === 0) return null;
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Light or dark like the page around `element`: the first opaque background up the tree decides;
 * with none, the page's `color-scheme` (a page that sets none is white).
 */
export function hostTheme(element: Element): Theme {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const light = luminance(getComputedStyle(node).backgroundColor);
    if (light !== null) return light < 0.4 ? 'dark' : 'light';
  }
  const scheme = getComputedStyle(document.documentElement).colorScheme;
  return /\bdark\b/.test(scheme) && !/\blight\b/.test(scheme) ? 'dark' : 'light';
}
