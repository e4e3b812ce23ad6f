import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { request } from '../../lib/api-client';
import type { PublicAgent } from '../../lib/api/agents';
import { requestUrl } from '../../test/request-url';

/** Test-only helpers for the access screens: a scripted API behind fetch and a router around the page. */

export type ApiCall = { method: string; path: string; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Answers fetch from `handlers`, keyed "METHOD /path"; records every call. */
export function stubApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: requestUrl(input),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      if (!handler) throw new Error(`unexpected ${call.method} ${call.path}`);
      return handler(call);
    }),
  );
  return calls;
}

/** A fetch answer the test releases when it wants to look at the busy state. */
export function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => request('GET', String(queryKey[0]), { signal }),
        retry: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

/** Renders `page` at `path` with a fresh query client; other paths render their path name as text. */
export function renderAt(path: string, page: ReactNode, pagePath = path) {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pagePath} element={page} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function testAgent(access: PublicAgent['access'], overrides: Partial<PublicAgent['display']> = {}): PublicAgent {
  return {
    id: 'sample',
    routes: ['/sample', '/sample-alias'],
    display: {
      title: 'Sample Agent',
      header: 'sample agent',
      name: 'Sample',
      loadingText: 'Connecting...',
      ...overrides,
    },
    access,
  };
}
