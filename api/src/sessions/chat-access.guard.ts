import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { maybeViewerOf } from '../access';
import { ChatAccess, type ChatUse } from './chat-access.service';
import { ChatIdPipe } from './chat-id.pipe';

/** A path parameter of a route that reaches a chat, and the pipe that says what it reaches. */
interface ChatParam {
  name: string;
  pipe: ChatIdPipe;
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** GET and HEAD read; every other method changes what it reaches. */
const useOf = (method: string): ChatUse => (method === 'GET' || method === 'HEAD' ? 'read' : 'change');

/**
 * Registered globally, after the access guard and the body parser: every request that names a chat goes through
 * ChatAccess before its route runs, whatever the route. It finds the chat ids in:
 * - path parameters read through a ChatIdPipe (sessionIdPipe, attachmentIdPipe, thumbnailIdPipe), from the route's
 *   own metadata, so a new route that reads a chat id is checked without being listed anywhere;
 * - a JSON body's `sessionId` (a turn, the one-shot replies) and `attachments` (the uploads a turn sends).
 * Routes do not check again; lists, search and sums take ChatAccess.scope instead.
 */
@Injectable()
export class ChatAccessGuard implements CanActivate {
  private readonly params = new WeakMap<object, ChatParam[]>();

  constructor(private readonly access: ChatAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const viewer = maybeViewerOf(req);
    if (!viewer || viewer.kind === 'circle') return true;
    const use = useOf(req.method);
    for (const { name, pipe } of this.chatParams(context)) {
      // The pipe's own refusal (a malformed id) comes first, as the route would give it.
      const id = await pipe.transform(String(req.params[name]), { type: 'param', data: name });
      if (pipe.kind === 'session') await this.access.assertChat(viewer, id, use, pipe.missing);
      else await this.access.assertAttachment(viewer, id, use, pipe.missing);
    }
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { sessionId, attachments } = body as { sessionId?: unknown; attachments?: unknown };
      if (isUuid(sessionId)) await this.access.assertChat(viewer, sessionId, use);
      if (Array.isArray(attachments)) await this.access.assertUploads(viewer, attachments.filter(isUuid));
    }
    return true;
  }

  private chatParams(context: ExecutionContext): ChatParam[] {
    const handler = context.getHandler();
    let found = this.params.get(handler);
    if (!found) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<
        string,
        RouteArgument
      >;
      found = Object.entries(args).flatMap(([key, argument]) => {
        if (Number(key.split(':')[0]) !== Number(RouteParamtypes.PARAM) || typeof argument.data !== 'string') return [];
        const pipe = argument.pipes?.find((candidate): candidate is ChatIdPipe => candidate instanceof ChatIdPipe);
        return pipe ? [{ name: argument.data, pipe }] : [];
      });
      this.params.set(handler, found);
    }
    return found;
  }
}
