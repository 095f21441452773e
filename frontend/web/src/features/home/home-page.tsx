import { useListCategories } from '@grace-stories/sdk/react';
import { BookOpen, LibraryBig, PenLine, Sparkles } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SearchControls } from '@/stories/components/story-search/search-controls';
import {
  NoStoriesFound,
  StoriesLoadError,
  StoryGrid,
  StoryGridSkeleton,
} from '@/stories/components/story-search/story-grid';
import { storiesHref, type StorySearch } from '@/stories/components/story-search/story-search';
import { useStoriesShowMore } from '@/stories/api/story-lists';
import { useStorySearch } from '@/stories/components/story-search/use-story-search';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { categoryTileClass } from '@/lib/categories';
import { cn } from '@/lib/utils';

/** docs/product.md#screens: Home shows six stories at first; "Show more" adds six at a time. */
export const HOME_STORY_LIMIT = 6;

function scrollToStories() {
  document.getElementById('stories')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** / for a signed-in user (docs/product.md#screens): search, filter and browse stories. */
export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  const [search, update] = useStorySearch();

  const chooseCategory = (name: string) => {
    update({ category: name });
    scrollToStories();
  };

  return (
    <PageShell>
      <section aria-labelledby="home-title" className="bg-gradient-to-br from-amber-50 via-orange-50 to-rose-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-200 bg-white/70 px-3 py-1 text-sm font-medium text-amber-800 shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            Stories of faith, hope and grace
          </p>
          <h1
            id="home-title"
            className="mt-5 font-serif text-4xl leading-tight font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere] sm:text-5xl"
          >
            Welcome back, {user?.firstName || 'Friend'}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-stone-600">
            Discover testimonies, Bible studies and reflections from the community, or share what God is doing in your
            life.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={scrollToStories}>
              <BookOpen className="size-5" aria-hidden="true" />
              Explore Stories
            </Button>
            <Button asChild size="lg" variant="outline" className="bg-white/70">
              <Link href="/dashboard">
                <PenLine className="size-5" aria-hidden="true" />
                Create Content
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <StoriesSection search={search} onChange={update} canCreate={Boolean(user?.isApproved)} />

      <CategoriesSection selected={search.category} onSelect={chooseCategory} />
    </PageShell>
  );
}

function StoriesSection({
  search,
  onChange,
  canCreate,
}: {
  search: StorySearch;
  onChange: (change: Partial<StorySearch>) => void;
  canCreate: boolean;
}) {
  // The cards render at transition priority, as the story browser's do: building them yields to the
  // browser instead of holding a phone's main thread (docs/benchmarks.md, "Phones").
  const list = useDeferredValue(useStoriesShowMore(search, HOME_STORY_LIMIT));
  const selected = search.category;
  const heading = selected ? `${selected} Stories` : 'All Stories';
  const filtering = search.q.trim() !== '' || selected !== null;

  return (
    <section id="stories" aria-labelledby="stories-title" className="py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SearchControls
          q={search.q}
          category={selected}
          onSearch={(q) => onChange({ q })}
          onCategory={(category) => onChange({ category })}
        />

        <div className="mt-10 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="stories-title"
            className="min-w-0 font-serif text-3xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere]"
          >
            {heading}
          </h2>
          {!list.isPending && !list.isError && (
            <p className="text-sm text-muted-foreground" role="status">
              {list.total === 1 ? '1 story found' : `${list.total} stories found`}
            </p>
          )}
        </div>

        <div className="mt-8">
          {list.isPending ? (
            <StoryGridSkeleton count={HOME_STORY_LIMIT} />
          ) : list.isError && list.items.length === 0 ? (
            <StoriesLoadError onRetry={() => void list.refetch()} retrying={list.isRefetching} />
          ) : list.items.length > 0 ? (
            <>
              <StoryGrid stories={list.items} label={heading} />
              <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
                {list.hasNextPage ? (
                  <Button
                    variant="outline"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
                  </Button>
                ) : null}
                <Button asChild variant="ghost">
                  <Link href={storiesHref({ q: search.q, category: selected })}>
                    <LibraryBig aria-hidden="true" />
                    Browse all stories
                  </Link>
                </Button>
              </div>
            </>
          ) : (
            <NoStoriesFound filtering={filtering} canCreate={canCreate} />
          )}
        </div>
      </div>
    </section>
  );
}

/** The categories' tiles, once there are any (read here: their answer renders only this). */
function CategoriesSection({ selected, onSelect }: { selected: string | null; onSelect: (name: string) => void }) {
  const { data: categories = [] } = useListCategories();
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="categories-title" className="bg-amber-50/60 py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="categories-title" className="font-serif text-3xl font-semibold tracking-tight text-stone-900">
          Explore by Category
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {categories.map((c) => (
            <li key={c.id} className="min-w-0">
              <button
                type="button"
                onClick={() => onSelect(c.name)}
                aria-pressed={selected === c.name}
                className={cn(
                  'flex w-full cursor-pointer flex-col items-start rounded-2xl border border-amber-100 bg-white p-5 text-left shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  selected === c.name && 'border-primary ring-2 ring-primary/30',
                )}
              >
                <span
                  className={cn('flex size-10 items-center justify-center rounded-xl', categoryTileClass(c.name))}
                  aria-hidden="true"
                >
                  <BookOpen className="size-5" />
                </span>
                <span className="mt-4 max-w-full font-semibold text-stone-900 [overflow-wrap:anywhere]">{c.name}</span>
                <span className="mt-1 text-sm text-muted-foreground">
                  {c.storyCount === 1 ? '1 Story' : `${c.storyCount} Stories`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
