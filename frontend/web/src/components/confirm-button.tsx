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
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
