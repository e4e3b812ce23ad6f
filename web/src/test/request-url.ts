/** The address a stubbed fetch was called with, whichever form (string, URL, Request) it came in. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
