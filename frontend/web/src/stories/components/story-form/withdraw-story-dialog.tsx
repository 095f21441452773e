import { ConfirmDialog } from '@/components/confirm-button';

/**
 * Saving a live story as a draft withdraws it from the site: its author is asked first. This is
 * the author's own action; a moderator's Unpublish (with a reason) is on the story page.
 */
export function WithdrawStoryDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Withdraw this story from the site?"
      description="It becomes a draft that only you and moderators can see."
      cancel="Keep it live"
      confirm="Save as Draft"
      onConfirm={onConfirm}
    />
  );
}
