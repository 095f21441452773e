import { findReferences } from '@grace-stories/sdk/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useEffect, useState } from 'react';

/** How long typing must pause before the text is read again. */
const PAUSE_MS = 400;

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * "Found: John 3:16, Psalm 23": the scripture references the server reads in the story's
 * title, excerpt and text, shown while the author types, so they see what will be linked
 * before they submit. The server decides (the same reading the saved story gets).
 */
export function FoundReferences({ texts }: { texts: (string | null | undefined)[] }) {
  const text = useSettled(texts.filter(Boolean).join('\n'), PAUSE_MS);
  const { data: found = [] } = useQuery({
    queryKey: ['scripture-references', text],
    queryFn: ({ signal }) => findReferences({ text }, { signal }),
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  if (text.trim() === '' || found.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700" aria-live="polite">
      <BookOpen className="size-4 text-amber-700" aria-hidden="true" />
      <span className="font-medium">Found:</span>
      {found.map((ref) => (
        <span key={ref.osis} className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-amber-900">
          {ref.display}
        </span>
      ))}
    </p>
  );
}
