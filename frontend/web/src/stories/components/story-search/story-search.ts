//! A story search as it lives in the address bar (`?q=psalm&category=Worship&page=2`), so it
//! can be shared, bookmarked and undone with the back button.

export type StorySearch = {
  /** The words typed, as typed. */
  q: string;
  /** A category name, or null for all. */
  category: string | null;
  /** 1-based; only the story browser pages. */
  page: number;
};

export const EMPTY_SEARCH: StorySearch = { q: '', category: null, page: 1 };

/** Reads a search from query parameters; anything missing or malformed is its default. */
export function readStorySearch(params: URLSearchParams): StorySearch {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    category: params.get('category') || null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query parameters of a search, leaving out defaults so plain pages keep plain URLs. */
export function writeStorySearch(search: StorySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q);
  if (search.category) params.set('category', search.category);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The address of the story browser showing this search. */
export function storiesHref(search: Partial<StorySearch> = {}): string {
  const query = writeStorySearch({ ...EMPTY_SEARCH, ...search }).toString();
  return query ? `/stories?${query}` : '/stories';
}
