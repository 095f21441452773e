/** What can take the focus with Tab. */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Last = { element: HTMLElement; list: Element | null; index: number; label: string };

function labelOf(element: Element): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}

function shown(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/**
 * A ref callback for a region (a card) whose controls may disappear under the focus: a queue row
 * that leaves once approved, a button disabled once its work is done. When the focused element
 * inside goes and the focus falls to the page itself, it moves to the same control of the row
 * that took the place of the one that went (the next Approve), else the first control of that
 * row, else the region's heading, so a keyboard carries on where it was instead of at the top.
 */
export function keepFocusWithin(container: HTMLElement | null): (() => void) | undefined {
  if (!container) return undefined;
  let last: Last | null = null;
  const remember = (event: FocusEvent) => {
    const element = event.target;
    if (!(element instanceof HTMLElement)) return;
    const row = element.closest('li');
    const list = row?.parentElement ?? null;
    last = { element, list, index: list && row ? [...list.children].indexOf(row) : -1, label: labelOf(element) };
  };
  const recover = () => {
    if (!last) return;
    const gone = !shown(last.element) || last.element.matches(':disabled');
    const active = document.activeElement;
    if (!gone || (active && active !== document.body && active !== last.element)) return;
    const { list, index, label } = last;
    let target: HTMLElement | null = null;
    if (list?.isConnected && list.children.length > 0) {
      const row = list.children[Math.min(index, list.children.length - 1)]!;
      const controls = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown);
      target = controls.find((c) => labelOf(c) === label) ?? controls[0] ?? null;
    }
    if (!target) {
      target = container.querySelector<HTMLElement>('h2, h3');
      if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    }
    if (target && shown(target)) {
      last = null;
      target.focus();
    }
  };
  const observer = new MutationObserver(recover);
  observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  container.addEventListener('focusin', remember);
  return () => {
    observer.disconnect();
    container.removeEventListener('focusin', remember);
  };
}
