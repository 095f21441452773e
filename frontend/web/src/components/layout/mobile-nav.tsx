import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useTappedInPaint } from '@/app/first-paint';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type NavLink = { href: string; label: string; section?: boolean };

/** The menu button's name, which also finds it in the server's paint. */
const MENU_LABEL = 'Open navigation menu';

/** The header's links as a menu on phones (the header loads it lazily). */
export function MobileNav({ links, signedOut }: { links: NavLink[]; signedOut: boolean }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useTappedInPaint(button, MENU_LABEL, setOpen);
  const go = (href: string) => {
    if (href.startsWith('#')) {
      document.getElementById(href.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    } else {
      navigate(href);
    }
  };
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={button} variant="ghost" size="icon" className="md:hidden" aria-label={MENU_LABEL}>
          <Menu className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {links.map((link) => (
          <DropdownMenuItem key={link.href} onSelect={() => go(link.href)}>
            {link.label}
          </DropdownMenuItem>
        ))}
        {signedOut && <DropdownMenuItem onSelect={() => go('/auth')}>Sign In</DropdownMenuItem>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
