import { ERRORS, type ErrorCode } from '@mb/contracts/errors';
import type { ErrorResponse } from '@mb/contracts/types/wire/error-response';

export type { ErrorCode, ErrorResponse };

/** The HTTP status of each code of the closed set, from the table the browser words them by. */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERRORS).map(([code, contract]) => [code, contract.status]),
) as { [Code in ErrorCode]: (typeof ERRORS)[Code]['status'] };

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
