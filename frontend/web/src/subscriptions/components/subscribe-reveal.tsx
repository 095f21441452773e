//! A button "Get new stories by e-mail" that reveals the sign-up form, whose code loads only
//! then: the footer sits on the landing page, whose first script must stay within its budget
//! (web/scripts/bundle-budget.mjs), and a reader of a story downloads the form only if they want it.
import { Mail } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const loadForm = () => import('./subscribe-form');
const SubscribeForm = lazy(() => loadForm().then((m) => ({ default: m.SubscribeForm })));

export function SubscribeReveal({
  inverted = false,
  className,
}: {
  /** Light text on the dark footer; the form itself opens on a light card. */
  inverted?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={cn('grid gap-4', className)}>
      {open ? (
        <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
            <SubscribeForm focusFirst />
          </Suspense>
        </div>
      ) : (
        <Button
          type="button"
          variant={inverted ? 'secondary' : 'outline'}
          className="justify-self-start"
          // Start the download as the pointer or the focus arrives, so the form is there on the click.
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
          onClick={() => setOpen(true)}
        >
          <Mail aria-hidden="true" />
          Get new stories by e-mail
        </Button>
      )}
    </div>
  );
}
