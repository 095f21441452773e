import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageShell } from './page-shell';

/** A screen of a later milestone: only its heading for now. */
export function PlaceholderPage({ heading }: { heading: string }) {
  useDocumentTitle(heading);
  return (
    <PageShell className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="font-serif text-4xl font-semibold tracking-tight">{heading}</h1>
    </PageShell>
  );
}
