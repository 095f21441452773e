import { render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { setFirstPaint, takeFirstPaint, takeTypedInPaint, useFirstPaintReplaced } from './first-paint';

const paint = `<div data-prerendered data-visitor><a href="/">Grace Stories</a><a href="/stories">Browse Stories</a></div>`;

function Takeover() {
  useFirstPaintReplaced();
  return (
    <div>
      <a href="/">Grace Stories</a>
      <a href="/stories">Browse Stories</a>
    </div>
  );
}

afterEach(() => {
  setFirstPaint(null);
  document.body.innerHTML = '';
});

/** The server's paint in `#root`, with its `n`th link focused before the app's script ran or after. */
function paintWithFocus(n: number, when: 'before' | 'after') {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = paint;
  document.body.append(root);
  const focus = () => root.querySelectorAll('a')[n].focus();
  if (when === 'before') focus();
  takeFirstPaint(root);
  if (when === 'after') focus();
  return root;
}

test.each(['before', 'after'] as const)(
  'a link focused in the paint %s the app starts keeps the focus when the app replaces the paint',
  (when) => {
    const root = paintWithFocus(1, when);
    root.innerHTML = '';
    expect(document.activeElement).toBe(document.body);
    render(<Takeover />, { container: root });
    expect(document.activeElement?.textContent).toBe('Browse Stories');
  },
);

test.each(['before', 'after'] as const)(
  'words typed into the paint %s the app starts are given once to the box that takes over',
  (when) => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = `<div data-prerendered data-visitor><input aria-label="Search stories" value=""/></div>`;
    document.body.append(root);
    const box = root.querySelector('input')!;
    const type = (text: string) => {
      box.value = text;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    };
    if (when === 'before') type('pea');
    takeFirstPaint(root);
    if (when === 'after') type('pea');
    type('peace');
    expect(takeTypedInPaint('Search stories')).toBe('peace');
    expect(takeTypedInPaint('Search stories')).toBeUndefined();
    // Nothing typed: nothing to give.
    root.innerHTML = `<div data-prerendered data-visitor><input aria-label="Search stories" value=""/></div>`;
    takeFirstPaint(root);
    expect(takeTypedInPaint('Search stories')).toBeUndefined();
  },
);
