import { useEffect, useRef, useState } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { useToast } from '@/hooks/use-toast';

type Placement = 'top' | 'bottom';

/** The header's height (the viewport's `top-16`). */
const HEADER_PX = 64;

function overlaps(a: { top: number; bottom: number; left: number; right: number }, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where the toasts go: at the top right (see `ToastViewport`), unless they would lie over the
 * control that has the focus (the dashboard's Create Story, which gets the focus back when the
 * story form closes while 'Story sent for review' shows) and the bottom right is clear of it:
 * then at the bottom right. WCAG 2.4.11: the focused control is never hidden by a toast.
 */
function useClearOfFocus(count: number) {
  const viewport = useRef<HTMLOListElement>(null);
  const [placement, setPlacement] = useState<Placement>('top');
  useEffect(() => {
    if (count === 0) return;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const list = viewport.current;
        const focused = document.activeElement;
        if (!list || !focused || focused === document.body || list.contains(focused)) return;
        const box = list.getBoundingClientRect();
        const target = focused.getBoundingClientRect();
        const height = box.height;
        const top = { left: box.left, right: box.right, top: HEADER_PX, bottom: HEADER_PX + height };
        const bottom = { left: box.left, right: box.right, top: innerHeight - height, bottom: innerHeight };
        setPlacement(overlaps(top, target) && !overlaps(bottom, target) ? 'bottom' : 'top');
      });
    };
    place();
    document.addEventListener('focusin', place);
    addEventListener('scroll', place, true);
    addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', place);
      removeEventListener('scroll', place, true);
      removeEventListener('resize', place);
    };
  }, [count]);
  return { viewport, placement };
}

/** Renders the toast queue; mount once near the root. */
export function Toaster() {
  const { toasts } = useToast();
  const { viewport, placement } = useClearOfFocus(toasts.length);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} data-placement={placement} />
    </ToastProvider>
  );
}
