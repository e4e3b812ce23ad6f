import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { maybeViewerOf } from '../access';
import { ChatAccess, type ChatUse } from './chat-access.service';
import { ChatIdPipe, type ChatIdKind } from './chat-id.pipe';

/** A path parameter of a route that reaches a chat or an attachment. */
interface ChatParam {
  name: string;
  kind: ChatIdKind;
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
 * An id no chat or attachment has (ids are random v4 UUIDs; none is ever chosen by a client): a chat the viewer may
 * not see is handed to its route as this, so the route answers exactly as for a missing one, in its own order
 * (a malformed body first, then its 404), and nothing tells the two apart.
 */
export const NOWHERE = '00000000-0000-4000-8000-000000000000';

/**
 * Registered globally, after the access guard and the body parser: every request that names a chat goes through
 * ChatAccess before its route runs, whatever the route. It finds the chat ids in:
 * - path parameters read through a ChatIdPipe (sessionIdPipe, attachmentIdPipe), from the route's
 *   own metadata, so a new route that reads a chat id is checked without being listed anywhere;
 * - a JSON body's `sessionId` (a turn, the one-shot replies) and `attachments` (the uploads a turn sends).
 * An id the viewer may not see becomes NOWHERE; changing a chat the viewer may only read is 403. Routes do not check
 * again; lists, search and sums take ChatAccess.scope instead.
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
    const reach = (kind: ChatIdKind, id: string) =>
      kind === 'session' ? this.access.reachChat(viewer, id, use) : this.access.reachAttachment(viewer, id, use);
    for (const { name, kind } of this.chatParams(context)) {
      const id = req.params[name];
      // A malformed id is left to the route's pipe, which refuses it.
      if (isUuid(id) && (await reach(kind, id)) === 'hidden') req.params[name] = NOWHERE;
    }
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const fields = body as { sessionId?: unknown; attachments?: unknown };
      if (isUuid(fields.sessionId) && (await reach('session', fields.sessionId)) === 'hidden')
        fields.sessionId = NOWHERE;
      if (Array.isArray(fields.attachments)) {
        const files: unknown[] = fields.attachments;
        for (const [i, id] of files.entries())
          if (isUuid(id) && (await reach('attachment', id)) === 'hidden') files[i] = NOWHERE;
      }
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
        return pipe ? [{ name: argument.data, kind: pipe.kind }] : [];
      });
      this.params.set(handler, found);
    }
    return found;
  }
}
