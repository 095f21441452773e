import type { ComponentProps } from 'react';
import { keepFocusWithin } from '@/lib/keep-focus';
import { cn } from '@/lib/utils';

/** A card keeps the focus inside when the focused control goes (see `keepFocusWithin`). */
function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      ref={keepFocusWithin}
      data-slot="card"
      className={cn('flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/**
 * An `h2`: cards sit directly under a page's `h1` (dashboards, the help centre), so their titles
 * are the next heading level and never skip one (axe `heading-order`).
 */
function CardTitle({ className, children, ...props }: ComponentProps<'h2'>) {
  return (
    <h2 data-slot="card-title" className={cn('leading-tight font-semibold', className)} {...props}>
      {children}
    </h2>
  );
}

function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6 pb-6', className)} {...props} />;
}

function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center px-6 pb-6', className)} {...props} />;
}

export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
