import type { User } from '@/hooks/use-auth';
import { Home, LayoutDashboard, LogOut, Shield } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useTappedInPaint } from '@/app/first-paint';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/hooks/use-sign-out';
import { canSeeAdminArea, roleBadgeText } from '@/lib/roles';
import { ACCOUNT_BUTTON, accountName } from './account-name';

/** The avatar menu of a signed-in user (docs/product.md#screens). */
export function UserMenu({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const { signOut } = useSignOut();
  const { name, monogram, label } = accountName(user);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A tap on the stand-in (the header's, or the server's paint of a member's page) opens the menu.
  useTappedInPaint(button, label, setOpen);

  // `POST /api/logout` (signing out is never a navigation, so no other site can trigger it),
  // then every cached answer and the admin sign-in's entry go, and the page returns home.
  const logOut = () => void signOut();

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger ref={button} className={ACCOUNT_BUTTON} aria-label={label}>
        <Avatar className="size-9 ring-2 ring-amber-200">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback>{monogram}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          {/* Phones show only a compact role badge in the header; the menu gives the whole text. */}
          <Badge variant="secondary" className="mt-2 sm:hidden">
            {roleBadgeText(user)}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/')}>
          <Home /> Home
        </DropdownMenuItem>
        {user.isApproved && (
          <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
            <LayoutDashboard /> Dashboard
          </DropdownMenuItem>
        )}
        {canSeeAdminArea(user.role) && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <Shield /> Admin Panel
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logOut}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
