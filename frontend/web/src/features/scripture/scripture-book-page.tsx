import { useBookChapters } from '@grace-stories/sdk/react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /scripture/:book — the book's chapters, with how many stories cite each. */
export function ScriptureBookPage({ book }: { book: string }) {
  const { data, isPending, isError } = useBookChapters(book);
  useDocumentTitle(data ? `${data.name} · Scripture` : 'Scripture');
  return (
    <PageShell>
      <section aria-labelledby="book-title" className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link href="/scripture">
            <ArrowLeft aria-hidden="true" />
            All books
          </Link>
        </Button>
        <h1 id="book-title" className="mt-4 font-serif text-4xl font-semibold tracking-tight text-stone-900">
          {data?.name ?? (isError ? 'Book not found' : <Skeleton className="h-10 w-48" />)}
        </h1>
        {isError ? (
          <p role="alert" className="mt-8 text-lg text-stone-700">
            No such book in this site&apos;s Bible.
          </p>
        ) : isPending || !data ? (
          <Skeleton className="mt-8 h-40 rounded-xl" />
        ) : (
          <ul
            aria-label={`Chapters of ${data.name}`}
            className="mt-8 grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-8"
          >
            {data.chapters.map((c) => {
              return (
                <li key={c.chapter}>
                  <Link
                    href={`/scripture/${encodeURIComponent(data.osis)}/${c.chapter}`}
                    className={
                      c.storyCount > 0
                        ? 'flex flex-col items-center rounded-xl border border-amber-300 bg-amber-50 px-2 py-3 text-amber-950 hover:bg-amber-100 focus-visible:ring-[3px] focus-visible:ring-amber-500/50 focus-visible:outline-none'
                        : 'flex flex-col items-center rounded-xl border border-border px-2 py-3 text-stone-700 hover:bg-stone-50 focus-visible:ring-[3px] focus-visible:ring-amber-500/50 focus-visible:outline-none'
                    }
                  >
                    <span className="text-lg font-semibold">
                      <span className="sr-only">{data.name} </span>
                      {c.chapter}
                      <span className="sr-only">, </span>
                    </span>
                    <span className="text-xs text-stone-600">
                      {c.storyCount}
                      <span className="sr-only"> {c.storyCount === 1 ? 'story' : 'stories'}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </PageShell>
  );
}
