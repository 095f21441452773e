//! The product name shown in the header and hero, from `GET /api/site`.
import { useGetSiteInfo } from '@grace-stories/sdk/react';

export const DEFAULT_SITE_NAME = 'Grace Stories';

export function useSiteName(): string {
  const { data } = useGetSiteInfo({ query: { retry: false } });
  return data?.siteName?.trim() || DEFAULT_SITE_NAME;
}
