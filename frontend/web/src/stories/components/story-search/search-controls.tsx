import type { CategoryDto } from '@grace-stories/sdk/react';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL = 'all';

/**
 * The search box and the category select. The box keeps what is typed and reports it once
 * typing pauses; it follows `q` when that changes from outside (the back button).
 */
export function SearchControls({
  q,
  category,
  categories,
  onSearch,
  onCategory,
}: {
  q: string;
  category: string | null;
  categories: CategoryDto[];
  onSearch: (q: string) => void;
  onCategory: (category: string | null) => void;
}) {
  const [text, setText] = useState(q);
  // The words changed from outside (the back button, a link): show them.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    setText(q);
  }
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
          type="search"
          aria-label="Search stories"
          placeholder="Search stories..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-11 bg-white pl-9"
        />
      </div>
      <Select value={category ?? ALL} onValueChange={(value) => onCategory(value === ALL ? null : value)}>
        <SelectTrigger aria-label="Filter by category" className="h-11 bg-white sm:w-56">
          {/* Named here, not read from the open list's items, so the trigger reads the same in the
              server's first paint and before the categories have loaded. */}
          <SelectValue>{category ?? 'All Categories'}</SelectValue>
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
  );
}
