//! On My Stories: what the author agreed to and when, and "Withdraw consent" (docs/decisions/privacy.md).
import { useWithdrawConsent, type ConsentRecordDto } from '@grace-stories/sdk/react';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { formatDate } from '@/lib/format';
import { useStoryChanged } from '@/stories/api/story-changed';

/** "You agreed on 3 March 2026 to: this site, social media." (or what happened instead). */
export function consentLine(record: ConsentRecordDto | undefined): string | null {
  if (!record) return null;
  const when = formatDate(record.at) ?? '';
  if (record.kind === 'withdrawn') return `You withdrew your consent on ${when}.`;
  if (record.kind === 'legacy') return 'Shared before consent was recorded: counts for this site only.';
  const uses = [record.site && 'this site', record.social && 'social media', record.widget && 'the widget'].filter(
    Boolean,
  );
  return `You agreed on ${when} to: ${uses.join(', ')}.`;
}

export function StoryConsent({ storyId, record }: { storyId: number; record: ConsentRecordDto | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const storyChanged = useStoryChanged();
  const withdraw = useWithdrawConsent({
    mutation: {
      onSuccess: async (answer) => {
        setConfirming(false);
        toast({ title: 'Consent withdrawn', description: answer.message });
        // The story is a draft now: off every list, and its consent record is `withdrawn`.
        await storyChanged({ storyId });
      },
      onError: (error) => showMutationError(error, { text: 'Failed to withdraw consent', explainRefusal: true }),
    },
  });
  const line = consentLine(record);
  if (!line) return null;
  const inForce = record !== undefined && record.kind !== 'withdrawn';
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span>{line}</span>
      {inForce && (
        <Button size="sm" variant="ghost" className="h-7 text-destructive" onClick={() => setConfirming(true)}>
          <ShieldOff aria-hidden="true" />
          Withdraw consent
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw consent?"
        description="Your story leaves the site at once and becomes a draft. Posts waiting for social media are cancelled and its earlier versions are deleted. Posts already made are listed for the site's team to remove."
        confirm="Withdraw consent"
        busy={withdraw.isPending}
        keepOpen
        onConfirm={() => withdraw.mutate({ id: storyId, data: null })}
      />
    </div>
  );
}
