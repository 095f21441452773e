import { ArrowRight, BookOpen, Globe2, Heart, Music, PenLine, PlayCircle, Sparkles, Sun, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteFooter } from '@/components/layout/site-footer';
import { SIGN_UP_HREF, type SectionLink } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSiteName } from '@/hooks/use-site-name';
import { categoryTileClass } from '@/lib/categories';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { FeaturedStories } from './featured-stories';
import { useLandingFigures } from './use-landing-figures';

export const LANDING_SECTIONS: SectionLink[] = [
  { href: '#stories', label: 'Stories' },
  { href: '#categories', label: 'Categories' },
  { href: '#community', label: 'Community' },
];

const CATEGORY_ICONS: Record<string, LucideIcon> = {
  'Bible Study': BookOpen,
  Testimonies: Heart,
  'Faith & Life': Sun,
  Worship: Music,
  Community: Users,
};

const STAT_ICONS: LucideIcon[] = [PenLine, Users, Globe2];

/**
 * The page a signed-out visitor sees at / (docs/product.md#screens). Each section asks for what it
 * shows itself, so an answer that arrives re-renders that section, not the whole page: React renders
 * an answer's update at once, in one task, which a phone took 70-140 ms over when it was the whole
 * page (docs/benchmarks.md, "Phones").
 */
export function LandingPage() {
  return (
    <PageShell sections={LANDING_SECTIONS} footer={<SiteFooter />}>
      <LandingHero />
      <FeaturedSection />
      <CategoriesSection />
      <CommunitySection />
    </PageShell>
  );
}

/** The hero with the site's name, which also names the page. */
function LandingHero() {
  const siteName = useSiteName();
  useDocumentTitle(siteName);
  return <Hero siteName={siteName} />;
}

function scrollToStories() {
  document.getElementById('stories')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function Hero({ siteName }: { siteName: string }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-amber-50 via-orange-50 to-rose-50"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-40 -z-10 size-[36rem] bg-radial-[closest-side] from-amber-200/50 from-35% to-transparent"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-48 -left-40 -z-10 size-[34rem] bg-radial-[closest-side] from-rose-200/40 from-35% to-transparent"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:py-28 lg:grid-cols-[1.15fr_1fr] lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-200 bg-white/70 px-3 py-1 text-sm font-medium text-amber-800 shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            Stories of faith, hope and grace
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-serif text-5xl leading-[1.05] font-semibold tracking-tight text-stone-900 sm:text-6xl lg:text-7xl"
          >
            {siteName}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-stone-600">
            Share your faith journey and testimonies, explore Bible studies and spiritual content, and connect with a
            community of believers who encourage one another.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={scrollToStories} className="shadow-md shadow-amber-900/10">
              <BookOpen className="size-5" aria-hidden="true" />
              Explore Stories
            </Button>
            <Button asChild size="lg" variant="outline" className="bg-white/70">
              <Link href="/auth">
                <PlayCircle className="size-5" aria-hidden="true" />
                Watch Videos
              </Link>
            </Button>
          </div>
        </div>

        <div className="relative mx-auto w-full max-w-md lg:max-w-none" aria-hidden="true">
          <div className="absolute inset-0 -z-10 translate-x-4 translate-y-4 rotate-3 rounded-3xl bg-gradient-to-br from-amber-400 to-rose-400 opacity-80" />
          <figure className="rounded-3xl border border-white/60 bg-gradient-to-br from-white via-white to-rose-50 p-8 shadow-2xl shadow-amber-900/10 sm:p-10">
            <span className="font-serif text-7xl leading-none text-amber-500">“</span>
            <blockquote className="-mt-6 font-serif text-2xl leading-relaxed text-stone-800 sm:text-3xl">
              For where two or three gather in my name, there am I with them.
            </blockquote>
            <figcaption className="mt-6 text-sm font-semibold tracking-wide text-amber-700 uppercase">
              Matthew 18:20
            </figcaption>
            <div className="mt-8 flex items-center gap-3 border-t border-stone-100 pt-6">
              <div className="flex -space-x-2">
                {['bg-amber-400', 'bg-rose-400', 'bg-emerald-400', 'bg-sky-400'].map((color) => (
                  <span key={color} className={cn('size-9 rounded-full border-2 border-white', color)} />
                ))}
              </div>
              <p className="text-sm text-stone-600">Believers sharing what God is doing in their lives</p>
            </div>
          </figure>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="font-serif text-4xl font-semibold tracking-tight text-stone-900">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p>
    </div>
  );
}

function FeaturedSection() {
  return (
    <section id="stories" aria-labelledby="stories-title" className="bg-background py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="stories-title"
          title="Featured Stories"
          subtitle="Testimonies, reflections and teachings shared by members of our community."
        />
        <div className="mt-14">
          <FeaturedStories />
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="outline">
            <Link href="/auth">
              View All Stories
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link href="/stories">Browse all stories</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function CategoriesSection() {
  const { tiles } = useLandingFigures();
  return (
    <section id="categories" aria-labelledby="categories-title" className="bg-amber-50/60 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="categories-title"
          title="Explore by Category"
          subtitle="Find stories that speak to where you are in your walk of faith."
        />
        {/* Plain tiles, with no hover effect, because they lead nowhere (the signed-in Home filters). */}
        <ul className={cn('mt-14 grid gap-6 sm:grid-cols-2', tiles.length === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
          {tiles.map((category) => {
            const Icon = CATEGORY_ICONS[category.name] ?? BookOpen;
            return (
              <li key={category.name} className="rounded-2xl border border-amber-100 bg-white p-6 shadow-sm">
                <span
                  className={cn(
                    'flex size-12 items-center justify-center rounded-xl',
                    categoryTileClass(category.name),
                  )}
                  aria-hidden="true"
                >
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-stone-900 [overflow-wrap:anywhere]">{category.name}</h3>
                {category.description && <p className="mt-1 text-sm text-muted-foreground">{category.description}</p>}
                {category.count === null ? (
                  <Skeleton className="mt-4 h-5 w-20" />
                ) : (
                  <p className="mt-4 text-sm font-semibold text-stone-700">
                    {category.count === 1 ? '1 Story' : `${category.count} Stories`}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function CommunitySection() {
  const { stats } = useLandingFigures();
  return (
    <section id="community" aria-labelledby="community-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-amber-800 via-orange-800 to-rose-900 px-6 py-16 text-center text-white shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute -top-36 left-1/2 -z-10 size-[38rem] -translate-x-1/2 bg-radial-[closest-side] from-amber-300/20 from-35% to-transparent"
          />
          <h2 id="community-title" className="font-serif text-4xl font-semibold tracking-tight">
            Join Our Community
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-amber-50/90">
            Connect with believers around the world, share what God is doing in your life, and be encouraged by the
            stories of others.
          </p>
          <dl
            className={cn(
              'mx-auto mt-12 grid gap-6',
              stats.length === 3 ? 'max-w-3xl sm:grid-cols-3' : 'max-w-2xl sm:grid-cols-2',
            )}
            aria-busy={stats.some((stat) => stat.value === null) || undefined}
          >
            {stats.map((stat, index) => {
              const Icon = STAT_ICONS[index] ?? Users;
              return (
                <div
                  key={stat.label}
                  className="flex flex-col-reverse rounded-2xl bg-white/10 px-6 py-6 ring-1 ring-white/15"
                >
                  <dt className="mt-1 text-sm font-medium text-amber-100">{stat.label}</dt>
                  <dd className="font-serif text-4xl font-semibold">
                    <Icon className="mx-auto mb-3 block size-6 text-amber-200" aria-hidden="true" />
                    {stat.value === null ? (
                      <>
                        <span aria-hidden="true">…</span>
                        <span className="sr-only">Loading</span>
                      </>
                    ) : (
                      formatCount(stat.value)
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <div className="mt-12 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-amber-800 hover:bg-amber-50">
              <Link href={SIGN_UP_HREF}>
                <PenLine className="size-5" aria-hidden="true" />
                Become a Contributor
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              <Link href={SIGN_UP_HREF}>
                <Users className="size-5" aria-hidden="true" />
                Join Community
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
