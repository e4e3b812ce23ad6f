import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CIRCLE, GUEST, GUEST_OWNER, setViewer, type Viewer } from '../access';
import { type ApiKeyRecord, ApiKeys, KeyRateLimit } from '../api-keys';
import { OpenAiError } from './openai-error';

const KEY_ROUTE = 'openai:key-route';

/** A route of the OpenAI-compatible API: a key opens it (Authorization: Bearer), never the access cookie. */
export const KeyRoute = () => SetMetadata(KEY_ROUTE, true);

const PRESENTED = Symbol('api-key');
type WithKey = Request & { [PRESENTED]?: ApiKeyRecord };

/** `@PresentedKey() key: ApiKeyRecord` in a key route: the key the guard let in. */
export const PresentedKey = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const key = context.switchToHttp().getRequest<WithKey>()[PRESENTED];
  if (!key) throw new Error('No API key on this request: the route needs @KeyRoute()');
  return key;
});

const unauthorized = (message: string, code: string | null = 'invalid_api_key') =>
  new OpenAiError(401, message, 'invalid_request_error', code);

/** Who a key acts as: whoever made it, as ownerOf stored them. */
function viewerOf(key: ApiKeyRecord): Viewer {
  if (key.ownerId === null) return CIRCLE;
  if (key.ownerId === GUEST_OWNER) return GUEST;
  return { kind: 'person', personId: key.ownerId, firstName: '' };
}

/**
 * Registered globally, after the access guard and before the body is read: a key route needs a usable key, read
 * from the database on every request (so a revocation holds at once on every replica), and within its requests a
 * minute. Other routes pass untouched; the access guard never takes a key, so a key opens nothing else.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeys,
    private readonly limit: KeyRateLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.reflector.get<boolean>(KEY_ROUTE, context.getClass())) return true;
    const req = context.switchToHttp().getRequest<WithKey>();
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!secret)
      throw unauthorized(
        "You didn't provide an API key. Send it as Authorization: Bearer <key>; make one under API keys in the " +
          "site's private area (the site's access code never opens this API).",
        null,
      );
    const presented = await this.keys.present(secret);
    if (presented.kind === 'unknown') throw unauthorized('Incorrect API key provided.');
    if (presented.kind === 'revoked') throw unauthorized(`The API key "${presented.key.name}" was revoked.`);
    if (presented.kind === 'expired')
      throw unauthorized(`The API key "${presented.key.name}" expired at ${presented.key.expiresAt?.toISOString()}.`);
    const { key } = presented;
    const perMinute = this.keys.requestsPerMinute(key);
    const waitMs = await this.limit.take(key.id, perMinute);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new OpenAiError(
        429,
        `Rate limit reached for the API key "${key.name}": ${perMinute} requests a minute. Try again in ${seconds} s.`,
        'requests',
        'rate_limit_exceeded',
        null,
        { 'Retry-After': String(seconds) },
      );
    }
    req[PRESENTED] = key;
    setViewer(req, viewerOf(key));
    return true;
  }
}
