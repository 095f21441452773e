import { Loader2 } from 'lucide-react';

/** Shown while the signed-in state is unknown (docs/product.md#screens). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
