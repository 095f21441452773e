//! The Publish action of a story card asks the author's consent first (docs/decisions/privacy.md).
import { useState } from 'react';
import { ConsentChecks, NO_CONSENT, type ConsentValues } from '@/stories/components/story-form/consent-checks';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export function PublishConsentDialog({
  open,
  onOpenChange,
  busy,
  onPublish,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onPublish: (consent: ConsentValues) => void;
}) {
  const [consent, setConsent] = useState<ConsentValues>(NO_CONSENT);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setConsent(NO_CONSENT);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Publish story?</DialogTitle>
          <DialogDescription>Confirm where your story may be shown before it is sent.</DialogDescription>
        </DialogHeader>
        {open && <ConsentChecks value={consent} onChange={setConsent} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={!consent.site || busy} onClick={() => onPublish(consent)}>
            Publish
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
