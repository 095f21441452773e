import { ConfirmDialog } from '@/components/confirm-button';

/** Saving a live story as a draft takes it off the site: asked first. */
export function TakeDownDialog({
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
      title="Take this story off the site?"
      description="It becomes a draft that only you and moderators can see."
      cancel="Keep it live"
      confirm="Save as Draft"
      onConfirm={onConfirm}
    />
  );
}
