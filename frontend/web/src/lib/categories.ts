//! Per-category colours for badges and tiles, keyed by the category name the server stores.

type CategoryStyle = { badge: string; tile: string; cover: string };

const CATEGORY_STYLES: Record<string, CategoryStyle> = {
  'Bible Study': {
    badge: 'bg-sky-100 text-sky-800 border-sky-200',
    tile: 'bg-sky-100 text-sky-700',
    cover: 'from-sky-100 via-sky-50 to-amber-50 text-sky-700/40',
  },
  Testimonies: {
    badge: 'bg-rose-100 text-rose-800 border-rose-200',
    tile: 'bg-rose-100 text-rose-700',
    cover: 'from-rose-100 via-rose-50 to-amber-50 text-rose-700/40',
  },
  'Faith & Life': {
    badge: 'bg-emerald-100 text-emerald-800 border-emerald-200',
    tile: 'bg-emerald-100 text-emerald-700',
    cover: 'from-emerald-100 via-emerald-50 to-amber-50 text-emerald-700/40',
  },
  Worship: {
    badge: 'bg-violet-100 text-violet-800 border-violet-200',
    tile: 'bg-violet-100 text-violet-700',
    cover: 'from-violet-100 via-violet-50 to-amber-50 text-violet-700/40',
  },
  Community: {
    badge: 'bg-amber-100 text-amber-800 border-amber-200',
    tile: 'bg-amber-100 text-amber-700',
    cover: 'from-amber-100 via-orange-50 to-rose-50 text-amber-700/40',
  },
};

const FALLBACK: CategoryStyle = {
  badge: 'bg-stone-100 text-stone-800 border-stone-200',
  tile: 'bg-stone-100 text-stone-700',
  cover: 'from-amber-100 via-orange-50 to-rose-100 text-amber-700/40',
};

/** The categories with colours of their own; any other has the fallback's. */
export function styledCategories(): string[] {
  return Object.keys(CATEGORY_STYLES);
}

export function categoryBadgeClass(category: string): string {
  return (CATEGORY_STYLES[category] ?? FALLBACK).badge;
}

export function categoryTileClass(category: string): string {
  return (CATEGORY_STYLES[category] ?? FALLBACK).tile;
}

/** Gradient and icon colour of a story card without a thumbnail. */
export function categoryCoverClass(category: string): string {
  return (CATEGORY_STYLES[category] ?? FALLBACK).cover;
}
