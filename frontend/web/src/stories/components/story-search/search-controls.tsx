import { useListCategories } from '@grace-stories/sdk/react';
import { Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeTypedInPaint, useTappedInPaint } from '@/app/first-paint';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL = 'all';

/** The search box's and the select's accessible names, which also find them in the server's paint. */
const SEARCH_LABEL = 'Search stories';
const CATEGORY_LABEL = 'Filter by category';

/**
 * The search box and the category select. The box keeps what is typed and reports it once
 * typing pauses; it follows `q` when that changes from outside (the back button). The categories
 * are read here, not by the page: their answer then renders these controls again, not the page's
 * cards (docs/benchmarks.md, "Phones").
 */
export function SearchControls({
  q,
  category,
  onSearch,
  onCategory,
}: {
  q: string;
  category: string | null;
  onSearch: (q: string) => void;
  onCategory: (category: string | null) => void;
}) {
  const { data: categories = [] } = useListCategories();
  const [text, setText] = useState(q);
  const [listOpen, setListOpen] = useState(false);
  // The words changed from outside (the back button, a link): show them.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    setText(q);
  }
  // Words typed into the server's paint of this box before the app took over: kept, and searched
  // for like any typing (a layout effect: the box shows them before the browser paints again). A
  // hydrated box still holds them, the latest included; a replaced one is new and empty.
  const box = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const painted = takeTypedInPaint(SEARCH_LABEL);
    const typed = box.current?.value || painted || '';
    if (typed !== '') setText((current) => (current === '' ? typed : current));
  }, []);
  // A tap on the painted select before the app took over opens the list now.
  const trigger = useRef<HTMLButtonElement>(null);
  useTappedInPaint(trigger, CATEGORY_LABEL, setListOpen);
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={box}
          type="search"
          aria-label={SEARCH_LABEL}
          placeholder="Search stories..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-11 bg-white pl-9"
        />
      </div>
      <Select
        value={category ?? ALL}
        onValueChange={(value) => onCategory(value === ALL ? null : value)}
        open={listOpen}
        onOpenChange={setListOpen}
      >
        <SelectTrigger
          ref={trigger}
          aria-label={CATEGORY_LABEL}
          className="h-11 bg-white sm:w-56"
          // A letter typed on the closed select opens the list, where typing picks a category (the
          // closed select has no items to search).
          onKeyDown={(event) => {
            if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
              setListOpen(true);
            }
          }}
        >
          {/* Named here, not read from the open list's items, so the trigger reads the same in the
              server's first paint and before the categories have loaded. */}
          <SelectValue>{category ?? 'All Categories'}</SelectValue>
        </SelectTrigger>
        {/* The list is there only while open. Closed, Radix keeps its items rendered out of sight, and
            each one sets the select's state again as it mounts: on a phone that was most of a 150 ms
            task at 4x when the story browser's paint was adopted (docs/benchmarks.md, "Phones"). */}
        {listOpen && (
          <SelectContent>
            <SelectItem value={ALL}>All Categories</SelectItem>
            {categories.map((c) => (
              <SelectItem key={c.id} value={c.name}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        )}
      </Select>
    </div>
  );
}
