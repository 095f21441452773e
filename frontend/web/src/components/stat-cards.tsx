import type { ComponentType } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** One figure of a dashboard's overview. */
export type Stat = {
  title: string;
  value: number;
  icon: ComponentType<{ className?: string }>;
  /** A line under the figure. */
  note?: string;
};

/** A dashboard's row of figures, as a labelled list of cards. */
export function StatCards({ stats, label, className }: { stats: Stat[]; label: string; className?: string }) {
  return (
    <ul className={cn('grid gap-4', className)} aria-label={label}>
      {stats.map(({ title, value, icon: Icon, note }) => (
        <li key={title}>
          <Card>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">{title}</CardTitle>
              <Icon className="text-muted-foreground size-4" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{value}</p>
              {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
