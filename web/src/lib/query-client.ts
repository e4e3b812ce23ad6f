import { onlineManager, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { request } from './api-client';

/** The spec's default query: a GET to the first element of the query key. */
const getFirstKey: QueryFunction = ({ queryKey, signal }) => request('GET', String(queryKey[0]), { signal });

/**
 * One query client for the whole site, with the spec's data-fetching defaults: no refetch interval,
 * no refetch on focus, cached data never stale, no retries for queries or mutations.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getFirstKey,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

// TanStack Query assumes it starts online. A page opened offline (the service worker's app shell) must
// hold its queries until the connection is back, not fail them; they run as soon as it returns.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
