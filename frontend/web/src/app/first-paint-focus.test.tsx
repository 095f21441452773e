import { render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { setFirstPaint, takeFirstPaint, useFirstPaintReplaced } from './first-paint';

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
