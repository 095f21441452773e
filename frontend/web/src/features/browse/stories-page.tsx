import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useDeferredValue } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { SearchControls } from '@/stories/components/story-search/search-controls';
import {
  NoStoriesFound,
  StoriesLoadError,
  StoryGrid,
  StoryGridSkeleton,
} from '@/stories/components/story-search/story-grid';
import { useStoriesPage } from '@/stories/api/story-lists';
import { useStorySearch } from '@/stories/components/story-search/use-story-search';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Cards on one page of the story browser. */
export const STORIES_PER_PAGE = 12;

/** /stories: every published story, searched, filtered and paged; the search lives in the URL. */
export function StoriesPage() {
  useDocumentTitle('All Stories');
  const { user } = useAuth();
  const [search, update] = useStorySearch();
  // The cards render at transition priority: building a page of them yields to the browser
  // instead of holding a phone's main thread (docs/benchmarks.md, "Phones").
  const page = useDeferredValue(useStoriesPage(search, STORIES_PER_PAGE));
  const total = page.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STORIES_PER_PAGE));
  const heading = search.category ? `${search.category} Stories` : 'All Stories';
  const filtering = search.q.trim() !== '' || search.category !== null || search.page > 1;
  const goTo = (n: number) => {
    update({ page: n });
    window.scrollTo({ top: 0 });
  };

  return (
    <PageShell>
      <section aria-labelledby="browse-title" className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 id="browse-title" className="font-serif text-4xl font-semibold tracking-tight text-stone-900">
          All Stories
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-stone-600">
          Every story the community has shared: search them, choose a category, and page through the archive.
        </p>
        <div className="mt-8">
          <SearchControls
            q={search.q}
            category={search.category}
            onSearch={(q) => update({ q })}
            onCategory={(category) => update({ category })}
          />
        </div>
        <div className="mt-10 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="min-w-0 font-serif text-2xl font-semibold text-stone-900 [overflow-wrap:anywhere]">
            {heading}
          </h2>
          {page.data && (
            <p className="text-sm text-muted-foreground" role="status">
              {total === 1 ? '1 story found' : `${total} stories found`}
            </p>
          )}
        </div>
        <div className="mt-8">
          {page.isPending ? (
            <StoryGridSkeleton count={STORIES_PER_PAGE} />
          ) : page.isError && !page.data ? (
            <StoriesLoadError onRetry={() => void page.refetch()} retrying={page.isRefetching} />
          ) : page.data && page.data.items.length > 0 ? (
            <StoryGrid stories={page.data.items} label={heading} />
          ) : (
            <NoStoriesFound
              filtering={filtering}
              canCreate={!filtering && Boolean(user?.isApproved)}
              title={filtering ? 'No stories match your search.' : 'No stories yet'}
              message={
                filtering ? 'Try other words or another category.' : 'Stories appear here once they are published.'
              }
            />
          )}
        </div>
        {total > STORIES_PER_PAGE && (
          <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-3">
            <Button variant="outline" onClick={() => goTo(search.page - 1)} disabled={search.page <= 1}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              Page {Math.min(search.page, pages)} of {pages}
            </span>
            <Button variant="outline" onClick={() => goTo(search.page + 1)} disabled={search.page >= pages}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </section>
    </PageShell>
  );
}
