import { vi } from 'vitest';
import { requestUrl } from './request-url';

/** A scripted API behind fetch, for tests of the screens that call it (access, hub). */

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
