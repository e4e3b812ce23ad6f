import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';

/** The methods that change something: the ones a page of another origin must not send with the user's cookie. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What is read of a request: Express's `protocol` and `host` honour 'trust proxy' for forwarded headers. */
export type OriginSignals = Pick<Request, 'method' | 'headers' | 'protocol' | 'host'>;

/** An origin as browsers write it (scheme, host, a port only when not the scheme's own), or undefined. */
function normalOrigin(text: string): string | undefined {
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The app's own origin as this request reaches it: what the browser's address bar shows for the app's pages. */
export const ownOrigin = (req: OriginSignals): string | undefined =>
  req.host ? normalOrigin(`${req.protocol}://${req.host}`) : undefined;

/**
 * Why a request must be refused as sent by another origin, or undefined when it may go on.
 *
 * SameSite=Strict keeps the access cookie from other sites, not from another origin of the same site (another
 * port of the host, a sibling subdomain), whose pages could otherwise post forms and no-cors fetches with it. A
 * browser says where a request comes from in Sec-Fetch-Site, which no page can set: only same-origin passes ('none'
 * is a typed address or a bookmark, which never sends a body). Browsers too old for it send Origin with every
 * POST, compared with the app's own origin. A request with neither comes from no browser (curl, a script), and
 * carries no cookie it was not given.
 */
export function crossOriginProblem(req: OriginSignals): string | undefined {
  if (!STATE_CHANGING_METHODS.has(req.method)) return undefined;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' ? undefined : `the browser marked it ${site}`;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const own = ownOrigin(req);
  if (own !== undefined && normalOrigin(origin) === own) return undefined;
  return `it came from ${origin.slice(0, 200)}, and this app is ${own ?? 'at an address the request did not give'}`;
}

export const forbiddenOrigin = (problem: string) =>
  new AppError(
    'FORBIDDEN_ORIGIN',
    `Refused: only this app's own pages may make changes, and this request came from another page (${problem}). ` +
      'Behind a proxy, the proxy must pass the Host header, or X-Forwarded-Host and X-Forwarded-Proto with TRUST_PROXY set.',
  );

/** For every API route, before any of them runs: it answers the refusal itself. */
export function sameOriginChanges() {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem = crossOriginProblem(req);
    if (!problem) return next();
    const error = forbiddenOrigin(problem);
    // The body of a refused request (an upload) is not read.
    res.setHeader('Connection', 'close');
    res.status(error.status).json(error.toBody());
  };
}
