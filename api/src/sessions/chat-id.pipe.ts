import { ParseUUIDPipe, type ParseUUIDPipeOptions } from '@nestjs/common';
import { AppError } from '../common/app-error';

/** What an id in a path reaches: a chat, or an attachment (which belongs to a chat, or to its uploader until sent). */
export type ChatIdKind = 'session' | 'attachment';

/**
 * A path id that reaches a chat. ChatAccessGuard finds every parameter read through one of these and checks the
 * viewer may reach it before the route runs.
 */
export class ChatIdPipe extends ParseUUIDPipe {
  constructor(
    readonly kind: ChatIdKind,
    options: ParseUUIDPipeOptions,
  ) {
    super(options);
  }
}

/** Validates a session id in a path: anything but a UUID is a 400, not a database error. */
export const sessionIdPipe = new ChatIdPipe('session', {
  exceptionFactory: () => AppError.validation(['session id must be a UUID']),
});

/** An attachment's id in a path: anything but a v4 UUID is not found. */
export const attachmentIdPipe = new ChatIdPipe('attachment', {
  version: '4',
  exceptionFactory: () => AppError.notFound('Attachment'),
});
