import { schemas } from '@grace-stories/sdk/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * Reject a new story, or (`edit`) only the waiting edit of a live one; the reason is optional and
 * shown to the author.
 */
export function RejectStoryDialog({
  open,
  onOpenChange,
  title,
  edit,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  edit: boolean;
  onReject: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState('');
  const change = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{edit ? 'Reject edit' : 'Reject story'}</DialogTitle>
          <DialogDescription>
            {edit ? (
              <>
                The live story stays; only this edit is discarded. The author of &ldquo;{title}&rdquo; sees the reason.
              </>
            ) : (
              <>&ldquo;{title}&rdquo; goes back to its author, who sees the reason.</>
            )}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="reject-reason">Reason (optional)</Label>
          <Textarea
            id="reject-reason"
            rows={3}
            maxLength={schemas.rejectStoryBodyReasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              onReject(reason.trim() || null);
              change(false);
            }}
          >
            {edit ? 'Reject Edit' : 'Reject Story'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
