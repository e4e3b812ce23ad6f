import type { NextFunction, Request, Response } from 'express';

/** A header a client reads beyond those browsers always show: when to try again after a 429. */
const EXPOSED = 'Retry-After';

/**
 * /v1 answers pages of any origin, as OpenAI's API does: a browser client there presents a key, never a cookie
 * (the key guard reads only the Authorization header), so no page learns anything it was not given a key for.
 * A preflight is answered here, before the key guard and the key's rate limit, which never see it.
 */
export function openCors() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers.origin === undefined) return next();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return next();
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    // Clients add headers of their own (the openai SDK's x-stainless-*): whatever the preflight names is allowed.
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Authorization');
    res.setHeader('Access-Control-Max-Age', '600');
    res.setHeader('Vary', 'Access-Control-Request-Headers');
    res.status(204).end();
  };
}
