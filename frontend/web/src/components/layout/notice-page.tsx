import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/utils';
import { PageShell } from './page-shell';

type NoticePageProps = {
  title: string;
  icon: ComponentType<{ className?: string }>;
  /** `pending` (amber) for a wait, `neutral` for a refusal. */
  tone: 'pending' | 'neutral';
  children: ReactNode;
};

/** A page that is one centred card: an icon, a heading and a few lines (approval walls, no access). */
export function NoticePage({ title, icon: Icon, tone, children }: NoticePageProps) {
  useDocumentTitle(title);
  const pending = tone === 'pending';
  return (
    <PageShell className="mx-auto flex w-full max-w-2xl items-center px-4 py-16 sm:px-6">
      <Card className={cn('w-full', pending && 'border-amber-200 bg-amber-50/60')}>
        <CardContent className="grid justify-items-center gap-4 p-8 text-center">
          <span
            className={cn(
              'flex size-14 items-center justify-center rounded-full',
              pending ? 'bg-amber-100 text-amber-700' : 'bg-muted text-muted-foreground',
            )}
            aria-hidden="true"
          >
            <Icon className="size-7" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
          {children}
        </CardContent>
      </Card>
    </PageShell>
  );
}
