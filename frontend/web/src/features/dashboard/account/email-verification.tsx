import { useResendVerification } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { authQueryKey } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { httpStatus, serverMessage, showMutationError } from '@/lib/api-errors';

/** 'Verified' (green) or 'Not verified' (amber), for the signed-in person's own address. */
export function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-800">
      <CircleCheck aria-hidden="true" />
      Verified
    </Badge>
  ) : (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
      <CircleAlert aria-hidden="true" />
      Not verified
    </Badge>
  );
}

/** 'Resend verification e-mail' (`POST /api/verify-email/resend`); the toast carries the server's answer. */
export function ResendVerificationButton() {
  const queryClient = useQueryClient();
  const resend = useResendVerification({
    mutation: {
      onSuccess: ({ message }) => toast({ title: 'Verification e-mail sent', description: message }),
      onError: (error) => {
        // 409: verified meanwhile (in another tab, say); the badge catches up.
        if (httpStatus(error) === 409) {
          void queryClient.invalidateQueries({ queryKey: authQueryKey });
          toast({ title: 'Already verified', description: serverMessage(error) ?? error.message });
          return;
        }
        showMutationError(error, { title: 'Could not send the e-mail' });
      },
    },
  });
  return (
    <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
      <Send aria-hidden="true" />
      {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
    </Button>
  );
}
