import { Link } from 'wouter';
import { useSiteName } from '@/hooks/use-site-name';
import { Brand } from './brand';

const QUICK_LINKS = ['About Us', 'Featured Stories', 'Categories', 'Become a Contributor'];
const SUPPORT_LINKS = ['Help Center', 'Community Guidelines', 'Privacy Policy'];

/**
 * The footer of spec §2. Quick Links and Support entries lead nowhere in the specification,
 * so they are placeholder anchors (no href): read as text, never a broken navigation.
 */
export function SiteFooter() {
  const siteName = useSiteName();
  return (
    <footer className="bg-stone-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Brand inverted />
          <p className="mt-4 max-w-md text-sm leading-6 text-stone-400">
            A home for testimonies, Bible studies and everyday stories of faith, shared by a community of
            believers who encourage one another.
          </p>
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
        {/* stone-400, not 500: on stone-950 that is 4.1:1, below the 4.5:1 small text needs. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-stone-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
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
            <a className="text-stone-400">{item}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
