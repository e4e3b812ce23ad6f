import { HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '../../../schemas/types/wire/error-code';
import type { ErrorResponse } from '../../../schemas/types/wire/error-response';

export type { ErrorCode, ErrorResponse };

/** The HTTP status of each code of the closed set (schemas/wire/error-code.schema.json). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: HttpStatus.BAD_REQUEST,
  MALFORMED_JSON: HttpStatus.BAD_REQUEST,
  ACCESS_REQUIRED: HttpStatus.UNAUTHORIZED,
  ACCESS_DENIED: HttpStatus.UNAUTHORIZED,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  METHOD_NOT_ALLOWED: HttpStatus.METHOD_NOT_ALLOWED,
  CONFLICT: HttpStatus.CONFLICT,
  PAYLOAD_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  MESSAGE_TOO_LONG: HttpStatus.PAYLOAD_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  TOO_MANY_ATTEMPTS: HttpStatus.TOO_MANY_REQUESTS,
  INTERNAL: HttpStatus.INTERNAL_SERVER_ERROR,
  // The model and search services (the spec's codes): 401 stays reserved for our own access check.
  NO_API_KEY: HttpStatus.SERVICE_UNAVAILABLE,
  UNAUTHORIZED: HttpStatus.BAD_GATEWAY,
  RATE_LIMIT: HttpStatus.TOO_MANY_REQUESTS,
  TIMEOUT: HttpStatus.GATEWAY_TIMEOUT,
  NETWORK_ERROR: HttpStatus.BAD_GATEWAY,
  ASSISTANT_API_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  UPSTREAM_ERROR: HttpStatus.BAD_GATEWAY,
  SEARCH_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  SEARCH_FAILED: HttpStatus.BAD_GATEWAY,
} as const satisfies Record<ErrorCode, HttpStatus>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorResponse {
    return {
      statusCode: this.status,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static validation(details: string[]): AppError {
    return new AppError('VALIDATION_FAILED', `Invalid request: ${details.join('; ')}`, details);
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} was not found`);
  }
}
