import { useEffect, useRef } from 'react';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { handleUnauthorized } from '@/lib/unauthorized';

/** docs/product.md#errors: signed out on a signed-in screen → toast, then /api/login after 500 ms. */
export function SignedOutRedirect() {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    handleUnauthorized();
  }, []);
  return <LoadingScreen />;
}
