import { ParseUUIDPipe } from '@nestjs/common';
import { AppError } from '../common/app-error';

/** Validates a session id in a path: anything but a UUID is a 400, not a database error. */
export const sessionIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => AppError.validation(['session id must be a UUID']),
});
