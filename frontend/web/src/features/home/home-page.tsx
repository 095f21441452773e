import { useListCategories, type CategoryDto } from '@grace-stories/sdk';
import { BookOpen, CloudOff, PenLine, RotateCw, Search, SearchX, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { StoryCard, StoryCardSkeleton } from '@/components/story-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { categoryTileClass } from '@/lib/categories';
import { cn } from '@/lib/utils';
import { HOME_STORY_LIMIT, SEARCH_DEBOUNCE_MS, useDebouncedValue, useHomeStories } from './use-home-stories';

const ALL = 'all';

function scrollToStories() {
  document.getElementById('stories')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** / for a signed-in user (spec §2 "Home (signed in)"): search, filter and browse stories. */
export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data: categories = [] } = useListCategories();

  const chooseCategory = (name: string) => {
    setCategory(name);
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
            Discover testimonies, Bible studies and reflections from the community, or share what God is doing in
            your life.
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

      <StoriesSection
        search={search}
        onSearch={setSearch}
        query={query}
        category={category}
        onCategory={setCategory}
        categories={categories}
        canCreate={Boolean(user?.isApproved)}
      />

      {categories.length > 0 && (
        <CategoriesSection categories={categories} selected={category} onSelect={chooseCategory} />
      )}
    </PageShell>
  );
}

function StoriesSection({
  search,
  onSearch,
  query,
  category,
  onCategory,
  categories,
  canCreate,
}: {
  search: string;
  onSearch: (value: string) => void;
  query: string;
  category: string;
  onCategory: (value: string) => void;
  categories: CategoryDto[];
  canCreate: boolean;
}) {
  const selected = category === ALL ? null : category;
  const { data, isPending, isError, refetch, isRefetching } = useHomeStories(query, selected);
  const heading = selected ? `${selected} Stories` : 'All Stories';
  const total = data?.total ?? 0;
  const filtering = query.trim() !== '' || selected !== null;

  return (
    <section id="stories" aria-labelledby="stories-title" className="py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search stories"
              placeholder="Search stories..."
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              className="h-11 bg-white pl-9"
            />
          </div>
          <Select value={category} onValueChange={onCategory}>
            <SelectTrigger aria-label="Filter by category" className="h-11 bg-white sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Categories</SelectItem>
              {categories.map((c) => (
                <SelectItem key={c.id} value={c.name}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="mt-10 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="stories-title"
            className="min-w-0 font-serif text-3xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere]"
          >
            {heading}
          </h2>
          {!isPending && !isError && (
            <p className="text-sm text-muted-foreground" role="status">
              {total === 1 ? '1 story found' : `${total} stories found`}
            </p>
          )}
        </div>

        <div className="mt-8">
          {isPending ? (
            <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading stories">
              {Array.from({ length: HOME_STORY_LIMIT }, (_, i) => (
                <StoryCardSkeleton key={i} />
              ))}
            </div>
          ) : isError ? (
            <LoadError onRetry={() => void refetch()} retrying={isRefetching} />
          ) : data && data.stories.length > 0 ? (
            <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-label={heading}>
              {data.stories.slice(0, HOME_STORY_LIMIT).map((story) => (
                <li key={story.id} className="flex min-w-0">
                  <StoryCard story={story} className="w-full" />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState filtering={filtering} canCreate={canCreate} />
          )}
        </div>
      </div>
    </section>
  );
}

/** A failed load is not an empty site: say so and offer to try again. */
function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-dashed border-destructive/40 bg-destructive/5 px-6 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-7" aria-hidden="true" />
      </span>
      <h3 className="mt-5 font-serif text-2xl font-semibold">Stories could not be loaded</h3>
      <p className="mt-2 max-w-md text-muted-foreground">
        Something went wrong while loading the stories. Check your connection and try again.
      </p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

function EmptyState({ filtering, canCreate }: { filtering: boolean; canCreate: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-amber-200 bg-amber-50/40 px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h3 className="mt-5 font-serif text-2xl font-semibold">No Stories Found</h3>
      <p className="mt-2 max-w-md text-muted-foreground">
        {filtering
          ? 'Try adjusting your search or filter criteria.'
          : 'Be the first to share a story with the community!'}
      </p>
      {canCreate && (
        <Button asChild className="mt-6">
          <Link href="/contributor-dashboard">
            <PenLine aria-hidden="true" />
            Create Your First Story
          </Link>
        </Button>
      )}
    </div>
  );
}

function CategoriesSection({
  categories,
  selected,
  onSelect,
}: {
  categories: CategoryDto[];
  selected: string;
  onSelect: (name: string) => void;
}) {
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
