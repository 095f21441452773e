import { Image, LayoutGrid, LogOut, Settings, Type } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConsentStatementCard } from './consent-statement-card';

// docs/product.md#screens: these four buttons are static; the tools behind them are not part of the product yet,
// so they are shown disabled (like the sub admin's Content Management shortcuts).
const STATIC_SETTINGS = [
  { label: 'Website Content Management', icon: Type },
  { label: 'Layout & Widget Configuration', icon: LayoutGrid },
  { label: 'Media Library Management', icon: Image },
  { label: 'Technical Settings', icon: Settings },
];

export function SiteSettingsTab({ onAdminLogout, loggingOut }: { onAdminLogout: () => void; loggingOut: boolean }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Site Settings</CardTitle>
          <CardDescription>Manage the website. These management tools are not available yet.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          {STATIC_SETTINGS.map(({ label, icon: Icon }) => (
            <Button key={label} type="button" variant="outline" className="h-auto justify-start py-4" disabled>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
          <Button
            type="button"
            variant="destructive"
            className="h-auto justify-start py-4"
            onClick={onAdminLogout}
            disabled={loggingOut}
          >
            <LogOut aria-hidden="true" />
            Admin Logout
          </Button>
        </CardContent>
      </Card>
      <ConsentStatementCard />
    </div>
  );
}
