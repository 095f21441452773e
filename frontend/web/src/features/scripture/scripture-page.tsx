import { useListBooks, type ScriptureBookDto } from '@grace-stories/sdk/react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The Old Testament is the first 39 books of every canon the site reads. */
const OLD_TESTAMENT_BOOKS = 39;
const NEW_TESTAMENT_END = 66;

/** /scripture: every book of the site's canon, with how many stories cite it. */
export function ScripturePage() {
  useDocumentTitle('Scripture');
  const { data: books, isPending, isError } = useListBooks();
  const sections: { title: string; books: ScriptureBookDto[] }[] = books
    ? [
        { title: 'Old Testament', books: books.slice(0, OLD_TESTAMENT_BOOKS) },
        { title: 'New Testament', books: books.slice(OLD_TESTAMENT_BOOKS, NEW_TESTAMENT_END) },
        { title: 'Deuterocanonical books', books: books.slice(NEW_TESTAMENT_END) },
      ].filter((s) => s.books.length > 0)
    : [];
  return (
    <PageShell>
      <section aria-labelledby="scripture-title" className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 id="scripture-title" className="font-serif text-4xl font-semibold tracking-tight text-stone-900">
          Scripture
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-stone-600">
          Find the stories that cite a book, a chapter or a verse of the Bible.
        </p>
        {isError ? (
          <p role="alert" className="mt-8 text-destructive">
            The books could not be loaded. Please try again.
          </p>
        ) : isPending ? (
          <div className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} className="h-14 rounded-xl" />
            ))}
          </div>
        ) : (
          sections.map((section) => (
            <section key={section.title} aria-labelledby={`books-${section.title}`} className="mt-10">
              <h2 id={`books-${section.title}`} className="font-serif text-2xl font-semibold text-stone-900">
                {section.title}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {section.books.map((book) => (
                  <li key={book.osis}>
                    <BookLink book={book} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </section>
    </PageShell>
  );
}

function BookLink({ book }: { book: ScriptureBookDto }) {
  const stories = book.storyCount === 1 ? '1 story' : `${book.storyCount} stories`;
  return (
    <Link
      href={`/scripture/${encodeURIComponent(book.osis)}`}
      className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 hover:border-amber-300 hover:bg-amber-50 focus-visible:ring-[3px] focus-visible:ring-amber-500/50 focus-visible:outline-none"
    >
      <span className="font-medium text-stone-900">{book.name}</span>
      <span className={book.storyCount > 0 ? 'text-sm text-amber-800' : 'text-sm text-muted-foreground'}>
        {stories}
      </span>
    </Link>
  );
}
