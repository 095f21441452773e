//! Test harness: the real routes and providers at a given path, with `fetch` answered by a table.
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/routes';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Reply = Answer | 'pending' | ((url: URL) => Answer);

/**
 * Keys are `"GET /api/stories"`; the query string is ignored (a function reply can read it from
 * the URL it is given). Unknown paths answer JSON 404.
 */
export type FetchTable = Record<string, Reply>;

export const signedOut: FetchTable = {
  'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
  'GET /api/site': {
    body: {
      siteName: 'Grace Stories',
      supportEmail: 'help@example.org',
      googleSignInEnabled: false,
      defaultFrequency: 'weekly',
    },
  },
  'GET /api/stories': { body: [], headers: { 'X-Total-Count': '0' } },
};

export function stubFetch(table: FetchTable) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const entry = table[key] ?? { status: 404, body: { message: 'Not found' } };
    if (entry === 'pending') return new Promise<Response>(() => {});
    const reply = typeof entry === 'function' ? entry(url) : entry;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** `prepare` sees the query client before the first render (what `main.tsx` seeds). */
export function renderApp(path: string, table: FetchTable = signedOut, prepare?: (client: QueryClient) => void) {
  const fetchMock = stubFetch(table);
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  prepare?.(client);
  const result = render(
    <AppProviders client={client}>
      <Router hook={location.hook}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return { ...result, location, client, fetchMock };
}
