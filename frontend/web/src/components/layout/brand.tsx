import { HeartHandshake } from 'lucide-react';
import { Link } from 'wouter';
import { useSiteName } from '@/hooks/use-site-name';
import { cn } from '@/lib/utils';

/** The product mark and name, linking home. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const siteName = useSiteName();
  return (
    <Link
      href="/"
      className={cn(
        'flex items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        inverted ? 'text-white' : 'text-foreground',
        className,
      )}
    >
      <span
        className={cn(
          'flex size-9 items-center justify-center rounded-xl shadow-sm',
          inverted ? 'bg-white/10 text-amber-300' : 'bg-gradient-to-br from-amber-500 to-orange-600 text-white',
        )}
        aria-hidden="true"
      >
        <HeartHandshake className="size-5" />
      </span>
      <span>{siteName}</span>
    </Link>
  );
}
