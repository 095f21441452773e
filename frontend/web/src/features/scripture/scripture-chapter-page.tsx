import { useBookChapters } from '@grace-stories/sdk/react';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import {
  NoStoriesFound,
  StoriesLoadError,
  StoryGrid,
  StoryGridSkeleton,
} from '@/stories/components/story-search/story-grid';
import { usePassagePage } from '@/stories/api/story-lists';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

const PER_PAGE = 12;

/** /scripture/:book/:chapter — the public stories citing a verse of the chapter, paged. */
export function ScriptureChapterPage({ book, chapter }: { book: string; chapter: string }) {
  const number = /^\d+$/.test(chapter) ? Number(chapter) : 0;
  const { data: chapters } = useBookChapters(book);
  const found = chapters?.chapters.find((c) => c.chapter === number);
  const title = found?.display ?? `${chapters?.name ?? book} ${chapter}`;
  useDocumentTitle(`${title} · Scripture`);
  const { page, setPage, query } = usePassagePage(`${book}.${number}`, PER_PAGE);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <PageShell>
      <section aria-labelledby="chapter-title" className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link href={`/scripture/${encodeURIComponent(book)}`}>
            <ArrowLeft aria-hidden="true" />
            {chapters?.name ?? 'Back to the book'}
          </Link>
        </Button>
        <h1 id="chapter-title" className="mt-4 font-serif text-4xl font-semibold tracking-tight text-stone-900">
          {title}
        </h1>
        {query.data && (
          <p className="mt-3 text-lg text-stone-600" role="status">
            {total === 1 ? '1 story cites this chapter' : `${total} stories cite this chapter`}
          </p>
        )}
        <div className="mt-8">
          {query.isPending ? (
            <StoryGridSkeleton count={PER_PAGE} />
          ) : query.isError ? (
            <StoriesLoadError onRetry={() => void query.refetch()} retrying={query.isRefetching} />
          ) : query.data.items.length > 0 ? (
            <StoryGrid stories={query.data.items} label={`Stories citing ${title}`} />
          ) : (
            <NoStoriesFound
              filtering
              canCreate={false}
              title="No stories cite this chapter yet."
              message="Stories appear here once one that cites it is published."
            />
          )}
        </div>
        {total > PER_PAGE && (
          <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-3">
            <Button variant="outline" onClick={() => setPage(page - 1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              Page {Math.min(page, pages)} of {pages}
            </span>
            <Button variant="outline" onClick={() => setPage(page + 1)} disabled={page >= pages}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </section>
    </PageShell>
  );
}
