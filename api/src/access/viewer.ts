import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is asking: what every check of chats, agents, memory and keys is a function of (never the cookie). */
export type Viewer =
  /** No people configured: the spec's one shared code, which sees every chat. */
  | { kind: 'circle' }
  /** A member signed in with a personal code (or acting through one of their API keys). */
  | { kind: 'person'; personId: string; firstName: string }
  /** The shared code once people exist, when ACCESS_CODE_WITH_PEOPLE=guest. */
  | { kind: 'guest' };

/** The owner stored for what a guest creates; no person may take this id (people.schema.json refuses it). */
export const GUEST_OWNER = 'guest';

export const CIRCLE: Viewer = Object.freeze({ kind: 'circle' });
export const GUEST: Viewer = Object.freeze({ kind: 'guest' });

/** What is stored as the owner of what a viewer creates (chats, memory facts, API keys); null for the circle. */
export function ownerOf(viewer: Viewer): string | null {
  switch (viewer.kind) {
    case 'circle':
      return null;
    case 'guest':
      return GUEST_OWNER;
    case 'person':
      return viewer.personId;
  }
}

const VIEWER = Symbol('viewer');
type WithViewer = Request & { [VIEWER]?: Viewer };

/** Set by the guard that let the request in: the access guard (cookie), or a key guard for its own routes. */
export function setViewer(req: Request, viewer: Viewer): void {
  (req as WithViewer)[VIEWER] = viewer;
}

/** The viewer of a request that holds access; undefined on a public route reached without it. */
export function maybeViewerOf(req: Request): Viewer | undefined {
  return (req as WithViewer)[VIEWER];
}

/** The viewer of a request that holds access, as its guard set it. */
export function viewerOf(req: Request): Viewer {
  const viewer = maybeViewerOf(req);
  // A route reading the viewer without a guard having set one is a wiring mistake, never a visitor's.
  if (!viewer) throw new Error('No viewer on this request: a public route must use maybeViewerOf');
  return viewer;
}

/** `@CurrentViewer() viewer: Viewer` in a controller. */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  viewerOf(context.switchToHttp().getRequest<Request>()),
);
