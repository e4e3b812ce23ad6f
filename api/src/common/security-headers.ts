import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's security headers, as helmet builds them: a same-origin content security policy and helmet's defaults. */
export const SITE_SECURITY: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      // blob: for the composer's previews of photos still uploading (object URLs of the user's own files).
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'"],
      // The installable app: its service worker (/sw.js) and manifest come from the site itself.
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      // Plain-HTTP deployments on a LAN would lose every asset to a forced upgrade.
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * Helmet's headers, worked out once and set together on every answer. Helmet still decides them: it runs
 * here once, against a response that only records. Our options hold nothing that varies per request (no
 * nonce), so every answer gets the same headers; running helmet's thirteen middlewares on each request was
 * a measurable share of a one-shot reply's added latency.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = SITE_SECURITY) {
  const headers: [string, number | string | readonly string[]][] = [];
  let decided = false;
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => headers.push([name, value]),
    // Helmet drops X-Powered-By; the app never sends it (app.disable('x-powered-by')).
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    decided = error === undefined;
  });
  if (!decided) throw new Error('helmet did not decide its headers at once: they may vary per request');
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
