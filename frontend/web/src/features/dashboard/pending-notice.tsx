import { Clock } from 'lucide-react';
import { NoticePage } from '@/components/layout/notice-page';
import { Badge } from '@/components/ui/badge';
import type { User } from '@/hooks/use-auth';
import { roleLabel } from '@/lib/roles';
import { ResendVerificationButton } from './account/email-verification';
import { ProfileSettings } from './account/profile-settings';
import { SecurityTab } from './account/security-tab';
import { SubscriptionTab } from './account/subscription-tab';

/** What an unapproved non-admin sees at /dashboard: the wait, and their own account meanwhile. */
export function PendingNotice({ user }: { user: User }) {
  return (
    <NoticePage title="Awaiting Approval" icon={Clock} tone="pending">
      <p className="max-w-md text-muted-foreground">
        Your account is pending admin approval. You&apos;ll be notified once you can use your dashboard.
      </p>
      <Badge variant="outline" className="border-amber-300 text-amber-800">
        {roleLabel(user.role)} - Pending
      </Badge>
      {!user.emailVerified && (
        <div className="grid justify-items-center gap-2 border-t pt-4">
          <p className="max-w-md text-sm text-muted-foreground">
            Your e-mail address {user.email} is not verified yet. Open the link we sent when you signed up, so the
            administrators know the address is yours.
          </p>
          <ResendVerificationButton />
        </div>
      )}
      {/* Waiting for approval must not keep anyone from their profile, sessions or data. */}
      <details className="w-full border-t pt-4 text-left">
        <summary className="cursor-pointer text-center text-sm font-medium">
          Your account: profile, security and your data
        </summary>
        <div className="mt-4 grid min-w-0 gap-4">
          <ProfileSettings user={user} />
          <SecurityTab />
          <SubscriptionTab />
        </div>
      </details>
    </NoticePage>
  );
}
