import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { NoticePage } from '@/components/layout/notice-page';
import { Button } from '@/components/ui/button';

/** For someone with no admin screen at all (the server refuses their calls anyway). */
export function NoAdminAccess() {
  return (
    <NoticePage title="Admin Panel" icon={ShieldAlert} tone="neutral">
      <p className="max-w-md text-muted-foreground">The admin area is for administrators only.</p>
      <Button asChild variant="outline">
        <Link href="/">Back to Home</Link>
      </Button>
    </NoticePage>
  );
}
