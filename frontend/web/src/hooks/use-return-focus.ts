import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus handlers for a Radix dialog's content: when it closes, the focus goes back to whatever
 * had it when it opened. Radix does this only for a dialog opened through its own Trigger; the
 * site's dialogs opened from state (the story form, a menu item's confirmation, Reject) left the
 * focus on the page itself, so the next Tab started at the top. A dialog opened from a menu item
 * returns to the button that opened the menu (the item is gone by then). The caller's own
 * handlers run first and may prevent this.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger instanceof HTMLElement) return trigger;
  }
  return active;
}
