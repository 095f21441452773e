import { Clock, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { useWithdrawEdit } from '@/stories/api/use-waiting-edit';

/**
 * Over a live story's form while its edit waits for review: the form shows the waiting text,
 * and Withdraw edit (after a confirmation) takes it back so the live text can be edited again.
 */
export function WaitingEditNotice({ storyId }: { storyId: number }) {
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawEdit(storyId);
  return (
    <>
      <Alert role="status" className="border-sky-300 bg-sky-50 text-sky-900">
        <Clock aria-hidden="true" />
        <AlertTitle>Edit waiting for review</AlertTitle>
        <AlertDescription className="grid gap-3 text-sky-800">
          <p>This edit is waiting for review. The live story keeps its current text until a reviewer approves it.</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start border-sky-300 bg-white text-sky-900 hover:bg-sky-100"
            disabled={withdraw.isPending}
            onClick={() => setConfirming(true)}
          >
            <Undo2 aria-hidden="true" />
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw edit'}
          </Button>
        </AlertDescription>
      </Alert>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw this edit?"
        description="Your changes will be discarded and reviewers will no longer see them. The live story stays as it is, and you can edit it again."
        cancel="Keep waiting"
        confirm="Withdraw edit"
        onConfirm={() => withdraw.mutate({ id: storyId })}
      />
    </>
  );
}
