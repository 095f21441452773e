import type { QueueCountsDto } from '@grace-stories/sdk/react';
import { Menu } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { QueueCount } from '../review/queue-count';
import { screenAddress, type AdminSection } from '@/lib/admin-sections';

type NavProps = {
  sections: AdminSection[];
  /** The address shown now; its link is marked as the current page. */
  current: string;
  counts: QueueCountsDto | undefined;
};

/**
 * The admin area's sections, each a labelled list of links to its screens with the count of what
 * waits there ("Pending Users 3 waiting" to a screen reader). `onNavigate` gets the address of a link used.
 */
export function AdminSectionLinks({
  sections,
  current,
  counts,
  onNavigate,
}: NavProps & { onNavigate?: (href: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-5">
      {sections.map((section) => {
        const labelId = `${id}-${section.slug}`;
        const SectionIcon = section.icon;
        return (
          <div key={section.slug} className="grid gap-1">
            <p
              id={labelId}
              className="flex items-center gap-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              <SectionIcon className="size-3.5" aria-hidden="true" />
              {section.title}
            </p>
            <ul className="grid gap-0.5" aria-labelledby={labelId}>
              {section.screens.map((screen) => {
                const href = screenAddress(screen);
                const active = href === current;
                const Icon = screen.icon;
                const count = screen.count ? counts?.[screen.count.key] : null;
                return (
                  <li key={screen.id}>
                    <Link
                      href={href}
                      aria-current={active ? 'page' : undefined}
                      onClick={() => onNavigate?.(href)}
                      className={cn(
                        'flex min-h-10 items-center gap-2.5 rounded-md border-l-2 px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                        // The screen shown stands out from one under the pointer.
                        active
                          ? 'border-primary bg-accent font-semibold text-foreground'
                          : 'border-transparent text-muted-foreground hover:bg-muted hover:text-foreground',
                      )}
                    >
                      <Icon className="size-4 shrink-0" aria-hidden="true" />
                      <span className="flex-1">{screen.label}</span>
                      {/* A space before the count, so the name reads "Edits 1 waiting". */}
                      {count ? ' ' : null}
                      <QueueCount count={count} label={screen.count?.label} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/** The sidebar, from `md` up. */
export function AdminSidebar(props: NavProps) {
  return (
    <nav aria-label="Admin sections" className="hidden md:block">
      <AdminSectionLinks {...props} />
    </nav>
  );
}

/**
 * Below `md`: one button naming the screen shown, which opens the sections in a sheet from the
 * left. Choosing a screen closes it; the focus then goes to that screen (the admin area moves
 * it), not back to the button.
 */
export function AdminMenu({ currentLabel, ...props }: NavProps & { currentLabel: string }) {
  const [open, setOpen] = useState(false);
  const navigated = useRef(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" className="w-full justify-start md:hidden">
          <Menu aria-hidden="true" />
          Admin sections <span className="min-w-0 truncate font-normal text-muted-foreground">· {currentLabel}</span>
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          if (navigated.current) event.preventDefault();
          navigated.current = false;
        }}
      >
        <SheetHeader>
          <SheetTitle>Admin sections</SheetTitle>
        </SheetHeader>
        <nav aria-label="Admin sections">
          <AdminSectionLinks
            {...props}
            onNavigate={(href) => {
              navigated.current = href !== props.current;
              setOpen(false);
            }}
          />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
