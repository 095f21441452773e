//! The product name shown in the header and hero, from `GET /api/site`.
import { useGetSiteInfo } from '@grace-stories/sdk/react';

export const DEFAULT_SITE_NAME = 'Grace Stories';

export function useSiteName(): string {
  const { data } = useGetSiteInfo({ query: { retry: false } });
  return data?.siteName?.trim() || pageSiteName() || DEFAULT_SITE_NAME;
}

/** Until `/api/site` answers: the name the server wrote into the page's head (`og:site_name`). */
function pageSiteName(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content.trim() || undefined;
}
