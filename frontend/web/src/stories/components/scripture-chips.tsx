import type { ScriptureRefDto } from '@grace-stories/sdk/react';
import { BookOpen } from 'lucide-react';
import { Link } from 'wouter';

/** Where a reference's chip leads: the page of the chapter it starts in. */
export function chapterPath(ref: Pick<ScriptureRefDto, 'book' | 'chapter'>): string {
  return `/scripture/${encodeURIComponent(ref.book)}/${ref.chapter}`;
}

/**
 * The scripture passages a story cites, as chips that lead to the stories citing the same
 * chapter. Nothing when it cites none.
 */
export function ScriptureChips({ refs, className }: { refs?: ScriptureRefDto[]; className?: string }) {
  // A server older than scripture references sends none.
  if (!refs || refs.length === 0) return null;
  return (
    <nav aria-label="Scripture in this story" className={className}>
      <ul className="flex flex-wrap items-center gap-2">
        {refs.map((ref) => (
          <li key={ref.osis}>
            <Link
              href={chapterPath(ref)}
              className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:ring-[3px] focus-visible:ring-amber-500/50 focus-visible:outline-none"
            >
              <BookOpen className="size-3.5" aria-hidden="true" />
              {ref.display}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
