import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Any path the router does not know (docs/product.md#screens). */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-amber-50/50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-stone-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </main>
  );
}
