//! React's markup of a page as the server paints it (see `app/first-paint.tsx`), for the tests that
//! write and check the paint files.
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { getGetSiteInfoQueryKey } from '@grace-stories/sdk/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { authQueryKey, type User } from '@/hooks/use-auth';
import { accountName } from '@/components/layout/account-name';
import { Header } from '@/components/layout/header';
import { sampleUser } from './users';
import { SITE_NAME_SLOT } from './first-paint-files';

/**
 * The headers a member's page can have, by the file the server picks for a role and approval
 * (`header` in `app-server/src/pages/first_paint.rs`): the badge and the Dashboard and Admin links
 * are all that differ.
 */
export const MEMBER_HEADERS: [string, Pick<User, 'role' | 'isApproved'>][] = [
  ['member', { role: 'member', isApproved: true }],
  ['member-pending', { role: 'member', isApproved: false }],
  ['regular_contributor', { role: 'regular_contributor', isApproved: true }],
  ['regular_contributor-pending', { role: 'regular_contributor', isApproved: false }],
  ['primary_contributor', { role: 'primary_contributor', isApproved: true }],
  ['primary_contributor-pending', { role: 'primary_contributor', isApproved: false }],
  ['admin', { role: 'admin', isApproved: true }],
  ['admin-unapproved', { role: 'admin', isApproved: false }],
];

/**
 * `user`'s view of `page` at `at` (a visitor's when null): the site's name a slot the server fills;
 * `seed` puts the answers the page shows in the app's cache.
 */
export function paintMarkup(
  at: string,
  page: ReactNode,
  user: User | null = null,
  seed: (client: QueryClient) => void = () => {},
): string {
  const client = createQueryClient();
  client.setQueryData(authQueryKey, user);
  client.setQueryData(getGetSiteInfoQueryKey(), { siteName: SITE_NAME_SLOT });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={at} ssrSearch="">
        {page}
      </Router>
    </QueryClientProvider>,
  );
}

/**
 * Loads the header's menus (lazy components) once, so that every paint rendered after it has them
 * as the app does once their chunks are here, not their stand-ins: what the tests write does not
 * depend on how fast the menus' modules load. Call it in `beforeAll`.
 */
export async function loadHeaderMenus(): Promise<void> {
  const client = createQueryClient();
  client.setQueryData(authQueryKey, sampleUser());
  await prerender(
    <QueryClientProvider client={client}>
      <Router ssrPath="/" ssrSearch="">
        <Header />
      </Router>
    </QueryClientProvider>,
  );
}

/** The site's header in `html` (the first `<header>`: a page's own come after it). */
export function siteHeader(html: string): string {
  return /<header[\s\S]*?<\/header>/.exec(html)![0];
}

/** Where a member's header has their account menu's initials and name (`first_paint.rs`). */
export const MONOGRAM_SLOT = '__MONOGRAM__';
export const ACCOUNT_NAME_SLOT = '__ACCOUNT_NAME__';

/**
 * `user`'s header as the server keeps it: the account menu's initials and name as slots.
 */
export function memberHeader(header: string, user: User): string {
  const { monogram, label } = accountName(user);
  const slotted = `${MONOGRAM_SLOT}, account menu for ${ACCOUNT_NAME_SLOT}`;
  const once = (html: string, piece: string, by: string) => {
    expect(html.split(piece), piece).toHaveLength(2);
    return html.replace(piece, () => by);
  };
  return once(
    once(header, `aria-label="${label}"`, `aria-label="${slotted}"`),
    `>${monogram}</span>`,
    `>${MONOGRAM_SLOT}</span>`,
  );
}
