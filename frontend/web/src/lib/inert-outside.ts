/**
 * A ref callback for the content of a modal menu or list box (Radix DropdownMenu and Select).
 * While one is open Radix hides the rest of the page from assistive technology (`aria-hidden`)
 * and keeps the pointer and the focus inside it, but leaves everything else focusable in the
 * DOM, which axe reports as hidden yet focusable content (`aria-hidden-focus`, WCAG 4.1.2).
 * `inert` tells the browser what `aria-hidden` tells assistive technology: every other child of
 * `<body>` is made inert while the content is there, and only what was made inert here is
 * released when it goes.
 */
export function inertOutside(content: HTMLElement | null): (() => void) | undefined {
  if (!content) return undefined;
  const made: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element.contains(content) || element.hasAttribute('inert') || element instanceof HTMLScriptElement) continue;
    element.setAttribute('inert', '');
    made.push(element);
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}
