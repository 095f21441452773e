import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How long a new page may take (its chunk, then its data) before its heading is given up on. */
const WAIT_MS = 5000;

/**
 * After a client-side navigation to another path, the focus goes to the new page's `<h1>`
 * (made focusable with `tabindex="-1"`), as a page load would start a keyboard at the top and a
 * screen reader at the title. Without it the focus stays on the link that was pressed, which is
 * gone, so the next Tab starts from wherever that link used to be. Changes of the query string
 * or hash (a search, a page of results, an in-page anchor) keep the focus where it is, and so does
 * a page that put the focus somewhere itself before its heading appeared.
 */
export function useFocusOnNavigate(): void {
  const [path] = useLocation();
  const first = useRef(true);
  const focusBefore = useRef<Element | null>(null);
  // Layout effects run before any passive effect of the render, so this is what had the focus
  // before the new path's screens ran theirs (one that moves the focus itself is then noticed).
  useLayoutEffect(() => {
    focusBefore.current = document.activeElement;
  }, [path]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = focusBefore.current;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focusHeading = () => {
      const current = document.activeElement;
      const moved = current && current !== document.body && current !== before && shown(current);
      if (moved) return;
      // While the new page's chunk loads, React keeps the old page in the DOM, hidden: only a
      // heading on screen is the new page's.
      const heading = [...document.querySelectorAll<HTMLElement>('main h1, h1')].find(shown);
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() - started < WAIT_MS) timer = setTimeout(focusHeading, 50);
    };
    focusHeading();
    return () => clearTimeout(timer);
  }, [path]);
}

function shown(element: Element): boolean {
  return document.contains(element) && element.getClientRects().length > 0;
}
