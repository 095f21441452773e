import { BookOpen, Rss } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useSiteName } from '@/hooks/use-site-name';
import { Brand } from './brand';

const FooterSubscribe = lazy(() =>
  import('@/subscriptions/components/footer-subscribe').then((m) => ({ default: m.FooterSubscribe })),
);

const QUICK_LINKS = ['About Us', 'Featured Stories', 'Categories', 'Become a Contributor'];
const SUPPORT_LINKS = ['Help Center', 'Community Guidelines', 'Privacy Policy'];

/**
 * The footer of docs/product.md#screens. Quick Links and Support entries lead nowhere in the product,
 * so they are plain text: no link that goes nowhere for a keyboard or a screen reader to meet.
 */
export function SiteFooter() {
  const siteName = useSiteName();
  return (
    <footer className="bg-stone-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Brand inverted />
          <p className="mt-4 max-w-md text-sm leading-6 text-stone-400">
            A home for testimonies, Bible studies and everyday stories of faith, shared by a community of believers who
            encourage one another.
          </p>
          {/* Its code comes after the landing page's first script (web/scripts/bundle-budget.mjs). */}
          <Suspense fallback={null}>
            <FooterSubscribe />
          </Suspense>
          <Link
            href="/admin-login"
            className="mt-6 inline-flex text-sm font-medium text-amber-300 underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-amber-300/50 focus-visible:outline-none"
          >
            Administrator Portal
          </Link>
        </div>
        <FooterColumn title="Quick Links" items={QUICK_LINKS} />
        <FooterColumn title="Support" items={SUPPORT_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 sm:px-6 lg:px-8">
          {/* stone-400, not 500: on stone-950 that is 4.1:1, below the 4.5:1 small text needs. */}
          <p className="text-xs text-stone-400">
            © {new Date().getFullYear()} {siteName}. All rights reserved.
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <Link
              href="/scripture"
              className="inline-flex items-center gap-1.5 py-1 text-xs font-medium text-stone-300 underline-offset-4 hover:text-white hover:underline focus-visible:ring-[3px] focus-visible:ring-amber-300/50 focus-visible:outline-none"
            >
              <BookOpen className="size-3.5 text-amber-300" aria-hidden="true" />
              Stories by scripture
            </Link>
            {/* A file the server writes, not a page of the app: a plain link, not a client route. */}
            <a
              href="/feed.xml"
              type="application/atom+xml"
              className="inline-flex items-center gap-1.5 py-1 text-xs font-medium text-stone-300 underline-offset-4 hover:text-white hover:underline focus-visible:ring-[3px] focus-visible:ring-amber-300/50 focus-visible:outline-none"
            >
              <Rss className="size-3.5 text-amber-300" aria-hidden="true" />
              RSS feed
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {items.map((item) => (
          <li key={item}>
            <span className="text-stone-400">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
