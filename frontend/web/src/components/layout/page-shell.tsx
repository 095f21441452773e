import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Header, type SectionLink } from './header';

/**
 * Header plus the page's `<main>` landmark. A page may make `<main>` a grid or flex container
 * through `className`; its rows then keep their natural height (`content-start`) instead of
 * stretching to fill a tall window, and its children may shrink below their longest word
 * (`min-w-0`), so that user text wraps instead of widening the page.
 */
export function PageShell({
  children,
  sections,
  footer,
  className,
}: {
  children: ReactNode;
  sections?: SectionLink[];
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header sections={sections} />
      <main className={cn('min-w-0 flex-1 content-start *:min-w-0', className)}>{children}</main>
      {footer}
    </div>
  );
}
