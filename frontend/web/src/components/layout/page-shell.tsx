import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Header, type SectionLink } from './header';

/** Header plus the page's `<main>` landmark. */
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
      <main className={cn('flex-1', className)}>{children}</main>
      {footer}
    </div>
  );
}
