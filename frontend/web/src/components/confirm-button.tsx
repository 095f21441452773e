import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

type ConfirmText = {
  title: ReactNode;
  description: ReactNode;
  /** The confirming action's label ('Delete' unless said otherwise). */
  confirm?: ReactNode;
  cancel?: string;
  /** The confirming action is disabled (its request is on its way). */
  busy?: boolean;
};

/**
 * The site's one confirmation dialog, opened by its caller (a menu item, a form's save): the
 * menus and forms that cannot host a trigger button use it directly; `ConfirmButton` wraps it.
 * `keepOpen` leaves it open after the action (the caller closes it when the request is done).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirm = 'Delete',
  cancel = 'Cancel',
  busy,
  keepOpen,
  onConfirm,
}: ConfirmText & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  keepOpen?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <ConfirmContent
        title={title}
        description={description}
        confirm={confirm}
        cancel={cancel}
        busy={busy}
        keepOpen={keepOpen}
        onConfirm={onConfirm}
      />
    </AlertDialog>
  );
}

function ConfirmContent({
  title,
  description,
  confirm = 'Delete',
  cancel = 'Cancel',
  busy,
  keepOpen,
  onConfirm,
}: ConfirmText & { keepOpen?: boolean; onConfirm: () => void }) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>{cancel}</AlertDialogCancel>
        <AlertDialogAction
          disabled={busy}
          onClick={(event) => {
            if (keepOpen) event.preventDefault();
            onConfirm();
          }}
        >
          {confirm}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

/**
 * A button that asks before it acts: the one confirmation of the site for deleting and
 * cancelling things. By default it is a Delete button with a bin icon.
 */
export function ConfirmButton({
  label = 'Delete',
  ariaLabel,
  icon = <Trash2 aria-hidden="true" />,
  disabled,
  title,
  description,
  confirm = 'Delete',
  cancel = 'Cancel',
  onConfirm,
}: {
  label?: string;
  /** The button's accessible name when the label alone is ambiguous in a list. */
  ariaLabel?: string;
  icon?: ReactNode;
  disabled?: boolean;
  title: ReactNode;
  description: ReactNode;
  confirm?: string;
  cancel?: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-label={ariaLabel} className="text-destructive">
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <ConfirmContent title={title} description={description} confirm={confirm} cancel={cancel} onConfirm={onConfirm} />
    </AlertDialog>
  );
}
