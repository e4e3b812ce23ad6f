import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

describe('queryClient', () => {
  afterEach(() => queryClient.clear());

  it("has the spec's data-fetching defaults: no refetch interval or on focus, never stale, no retries", () => {
    const { queries, mutations } = queryClient.getDefaultOptions();

    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('GETs the first element of the query key, once, even when it fails', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('{"statusCode":500}', { status: 500, headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(queryClient.fetchQuery({ queryKey: ['/api/settings', 'ignored'] })).rejects.toThrow(
      '500: {"statusCode":500}',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/settings',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('serves a cached answer again without asking the server', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response('{"authorized":true}', { headers: { 'content-type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);

    await queryClient.fetchQuery({ queryKey: ['/api/auth/check-access'] });
    const again = await queryClient.fetchQuery({ queryKey: ['/api/auth/check-access'] });

    expect(again).toEqual({ authorized: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
