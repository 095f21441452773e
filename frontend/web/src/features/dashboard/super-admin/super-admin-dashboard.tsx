import { useListUsers } from '@grace-stories/sdk/react';
import { FileClock, Home, LogOut, UserCog, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { StatCards, type Stat } from '@/components/stat-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/hooks/use-sign-out';
import { useQueueCounts } from '../review/use-queue-counts';
import { usePendingUsers } from './pending-users-tab';

export const SUPER_ADMIN_TITLE = 'Super Admin Dashboard';

/**
 * The frame of the super admin's admin area (docs/product.md#screens): the header with the
 * branding, 'Super Administrator', Home and Logout, the title and the three figures; `children`
 * is the area's sections and the screen shown.
 */
export function SuperAdminDashboard({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { signOut, isPending: signingOut } = useSignOut();
  const pending = usePendingUsers();
  const all = useListUsers();
  const counts = useQueueCounts();

  const stats: Stat[] = [
    { title: 'Pending Users', value: pending.total, icon: UserCog },
    { title: 'Pending Stories', value: counts.newStories ?? 0, icon: FileClock },
    { title: 'Total Users', value: all.data?.length ?? 0, icon: Users },
  ];

  return (
    <div className="min-h-screen bg-gradient-to-b from-slate-50 to-background">
      <header className="border-b bg-background/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6 lg:px-8">
          <Brand />
          <Badge variant="secondary">Super Administrator</Badge>
          <div className="ml-auto flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => navigate('/')}>
              <Home aria-hidden="true" />
              Home
            </Button>
            {/* useSignOut clears the `adminUser` entry too (every sign-out does). */}
            <Button variant="ghost" size="sm" onClick={() => void signOut()} disabled={signingOut}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-1">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">{SUPER_ADMIN_TITLE}</h1>
          <p className="text-muted-foreground">Approve people, manage roles and keep the site in order.</p>
        </div>

        <StatCards stats={stats} label="Overview" className="sm:grid-cols-3" />

        {children}
      </main>
    </div>
  );
}
