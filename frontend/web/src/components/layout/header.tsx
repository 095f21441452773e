import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { keepTap } from '@/app/first-paint';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth, type User } from '@/hooks/use-auth';
import { canSeeAdminArea, isPendingAccount, roleBadgeText, roleLabel } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { ACCOUNT_BUTTON, accountName } from './account-name';
import { Brand } from './brand';
import type { NavLink } from './mobile-nav';

// The menus (Radix dropdowns with their positioning code, about 30 KB gzipped) load just after
// the page's first script, so the landing page shows without waiting for them.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

/** Sign Up opens /auth in sign-up mode; Sign In opens it as it is (sign-in mode). */
export const SIGN_UP_HREF = '/auth?mode=signup';

export type SectionLink = { href: `#${string}`; label: string };

/**
 * The site header (docs/product.md#screens): Home, Help Center, Dashboard for approved users, Admin for
 * super/sub admins; Sign In and Sign Up when signed out. `sections` adds in-page anchors.
 */
export function Header({ sections = [] }: { sections?: SectionLink[] }) {
  const { user } = useAuth();
  const [location] = useLocation();

  const links: NavLink[] = [
    { href: '/', label: 'Home' },
    ...sections.map((s) => ({ ...s, section: true })),
    { href: '/stories', label: 'Browse Stories' },
    { href: '/help', label: 'Help Center' },
    ...(user?.isApproved ? [{ href: '/dashboard', label: 'Dashboard' }] : []),
    ...(user && canSeeAdminArea(user.role) ? [{ href: '/admin', label: 'Admin' }] : []),
  ];

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {links.map((link) =>
            link.section ? (
              <a key={link.href} href={link.href} className={navLinkClass(false)}>
                {link.label}
              </a>
            ) : (
              <Link
                key={link.href}
                href={link.href}
                className={navLinkClass(location === link.href)}
                aria-current={location === link.href ? 'page' : undefined}
              >
                {link.label}
              </Link>
            ),
          )}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <RoleBadge user={user} />
              <Suspense fallback={<AccountStandIn user={user} />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
                <Link href="/auth">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link href={SIGN_UP_HREF}>Sign Up</Link>
              </Button>
            </>
          )}
          {/* Until the menu's chunk is here (and in the server's paint), a tap on its button is kept and
              opens the menu once it is (`useTappedInPaint`, app/first-paint.tsx). */}
          <Suspense
            fallback={
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label="Open navigation menu"
                aria-haspopup="menu"
                aria-expanded={false}
                onClick={() => keepTap('Open navigation menu')}
              >
                <Menu className="size-5" />
              </Button>
            }
          >
            <MobileNav links={links} signedOut={!user} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

/**
 * The account menu's button until the menu's chunk is here: the same look and name, and a tap on it
 * is kept and opens the menu once it is (`keepTap`, `useTappedInPaint` in app/first-paint.tsx).
 */
function AccountStandIn({ user }: { user: User }) {
  const { monogram, label } = accountName(user);
  return (
    <button
      type="button"
      className={ACCOUNT_BUTTON}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => keepTap(label)}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground ring-2 ring-amber-200">
        {monogram}
      </span>
    </button>
  );
}

/**
 * The role badge of docs/product.md#screens ('Regular Contributor (Pending)'). A phone has no room for the
 * whole text beside the brand and the menus, so there it reads just 'Pending' for an account
 * waiting for approval (else the role, on up to two lines); the whole text stays readable to
 * screen readers and shows from `sm` up, and the avatar menu repeats it on phones.
 */
function RoleBadge({ user }: { user: User }) {
  const text = roleBadgeText(user);
  const pending = isPendingAccount(user);
  const compact = pending ? 'Pending' : roleLabel(user.role);
  return (
    <Badge
      variant={pending ? 'outline' : 'secondary'}
      title={text}
      className={cn(
        'max-w-24 text-center leading-tight whitespace-normal sm:max-w-none sm:whitespace-nowrap',
        pending && 'border-amber-300 bg-amber-50 text-amber-800',
      )}
    >
      {compact === text ? (
        text
      ) : (
        <>
          <span aria-hidden="true" className="sm:hidden">
            {compact}
          </span>
          <span className="sr-only sm:not-sr-only">{text}</span>
        </>
      )}
    </Badge>
  );
}

function navLinkClass(active: boolean): string {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    active ? 'text-foreground' : 'text-muted-foreground',
  );
}
