import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type Request, type Response } from 'express';
import { AppError } from './app-error';
import { assertSafeJson } from './safe-json';

export const JSON_BODY_LIMIT = '512kb';
/**
 * The most a compressed body (gzip, deflate, br) may unpack to, on any route: a 189 KB body unpacks to 190 MB and
 * costs the server three times that to parse. Counted as it inflates, so the rest is never unpacked; a client that
 * needs a route's larger limit sends the body as it is, paying in bytes for what it makes the server hold.
 */
export const COMPRESSED_BODY_LIMIT = '16mb';

const UNITS: Record<string, number> = { kb: 1024, mb: 1024 ** 2 };
const bytesOf = (limit: string) => {
  const [, count, unit] = /^(\d+)(kb|mb)$/.exec(limit) ?? [];
  if (!unit) throw new Error(`a body limit is written as 512kb or 200mb, not ${limit}`);
  return Number(count) * UNITS[unit];
};

type JsonParser = ReturnType<typeof express.json>;
const parsers = new Map<string, JsonParser>();

/** One parser per limit in use, made once. */
function parserFor(limit: string): JsonParser {
  let parser = parsers.get(limit);
  if (!parser) {
    // Not strict: a bare `"x"` or `null` is valid JSON and should fail validation ("must be object"), not parsing.
    parser = express.json({ limit, strict: false });
    parsers.set(limit, parser);
  }
  return parser;
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

const isCompressed = (req: Request) =>
  (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase() !== 'identity';

interface BodyParserError extends Error {
  type?: string;
}

function toAppError(error: BodyParserError, limit: string, compressed: boolean): AppError {
  switch (error.type) {
    case 'entity.too.large':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        compressed
          ? `Request body unpacks to more than ${limit}, the most a compressed (gzip, deflate or br) body may; send it uncompressed`
          : `Request body is larger than ${limit}`,
      );
    case 'entity.parse.failed':
      return new AppError('MALFORMED_JSON', 'Request body is not valid JSON');
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON in the UTF-8 charset');
    case 'encoding.unsupported':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Request bodies must be sent uncompressed or with gzip, deflate or br encoding',
      );
    default:
      return new AppError('VALIDATION_FAILED', `Request body could not be read (${error.type ?? 'unknown encoding'})`);
  }
}

const STREAMED_BODY = 'streamedBody';

/** A route that reads its own body as a stream (an upload): the guard leaves the body unread. */
export const StreamedBody = () => SetMetadata(STREAMED_BODY, true);

const BODY_LIMIT = 'jsonBodyLimit';

/** A route whose JSON bodies may be larger than JSON_BODY_LIMIT: `limit` in body-parser's words ("200mb"). */
export const JsonBodyLimit = (limit: string) => SetMetadata(BODY_LIMIT, limit);

/**
 * Parses JSON bodies (and screens query strings) as the second global guard: AppModule registers it
 * after the access guard, so a request without access is refused before its body is read, and anything
 * thrown here reaches the exception filter. A guard rather than an interceptor because a request that
 * meets no interceptor skips Nest's observable pipeline, which one-shot replies paid for on every call.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    assertSafeJson(req.query, 'query');
    if (this.reflector.get<boolean>(STREAMED_BODY, context.getHandler())) return true;
    if (hasBody(req)) {
      if (!req.is('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json)');
      }
      const routeLimit = this.reflector.get<string | undefined>(BODY_LIMIT, context.getHandler()) ?? JSON_BODY_LIMIT;
      const compressed = isCompressed(req) && bytesOf(COMPRESSED_BODY_LIMIT) < bytesOf(routeLimit);
      const limit = compressed ? COMPRESSED_BODY_LIMIT : routeLimit;
      await new Promise<void>((resolve, reject) =>
        parserFor(limit)(req, http.getResponse<Response>(), (error?: BodyParserError) =>
          error ? reject(toAppError(error, limit, compressed)) : resolve(),
        ),
      );
      assertSafeJson(req.body, 'body');
    }
    return true;
  }
}
