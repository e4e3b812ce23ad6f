import { HttpException, Logger } from '@nestjs/common';
import type { OpenAiErrorResponse } from '@mb/contracts/types/wire/openai-error-response';
import { AppError, type ErrorCode } from '../common/app-error';
import type { ErrorShape } from '../common/app-exception.filter';

type OpenAiErrorType = 'invalid_request_error' | 'requests' | 'server_error';

/** A failure of /v1 as OpenAI words one: its status, type, code and the request field at fault. */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: OpenAiErrorType,
    readonly code: string | null,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): OpenAiErrorResponse {
    return { error: { message: this.message, type: this.type, code: this.code, param: this.param } };
  }

  static badRequest(message: string, param: string | null, code = 'invalid_value'): OpenAiError {
    return new OpenAiError(400, message, 'invalid_request_error', code, param);
  }
}

/** OpenAI's type and code for each of our codes that /v1 may meet; the status stays ours (the closed set's) unless given. */
const TRANSLATIONS: Partial<Record<ErrorCode, [OpenAiErrorType, string | null, number?]>> = {
  VALIDATION_FAILED: ['invalid_request_error', 'invalid_value'],
  MALFORMED_JSON: ['invalid_request_error', 'invalid_json'],
  PAYLOAD_TOO_LARGE: ['invalid_request_error', 'request_too_large'],
  UNSUPPORTED_MEDIA_TYPE: ['invalid_request_error', 'unsupported_media_type'],
  // OpenAI's status for a conversation its model cannot read.
  MESSAGE_TOO_LONG: ['invalid_request_error', 'context_length_exceeded', 400],
  NOT_FOUND: ['invalid_request_error', 'not_found'],
  CONFLICT: ['invalid_request_error', 'conflict'],
  // The model service's key or limits, not the caller's: our faults as far as the caller can tell.
  NO_API_KEY: ['server_error', 'service_unavailable'],
  UNAUTHORIZED: ['server_error', 'upstream_error'],
  RATE_LIMIT: ['requests', 'upstream_rate_limit_exceeded'],
  TIMEOUT: ['server_error', 'timeout'],
};

/** Any failure as /v1 answers it: ours translated, anything unknown a logged, generic 500. */
export function toOpenAiError(exception: unknown, logger: Logger): OpenAiError {
  if (exception instanceof OpenAiError) return exception;
  const error =
    exception instanceof AppError
      ? exception
      : exception instanceof HttpException && exception.getStatus() < 500
        ? new AppError('VALIDATION_FAILED', exception.message)
        : undefined;
  if (!error) {
    const name = exception instanceof Error ? exception.name : typeof exception;
    logger.error(`Unhandled ${name}`, exception instanceof Error ? exception.stack : undefined);
    return new OpenAiError(500, 'The server failed to answer. Please try again.', 'server_error', null);
  }
  const [type, code, status = error.status] =
    TRANSLATIONS[error.code] ?? (error.status >= 500 ? ['server_error', null] : ['invalid_request_error', null]);
  return new OpenAiError(status, error.message, type, code, null, error.headers);
}

/** Every error under /v1 in OpenAI's shape, its clients reading `error.message`, `type`, `code` and `param`. */
export function openAiErrorShape(pathPrefix: string): ErrorShape {
  const logger = new Logger('OpenAiApi');
  return {
    pathPrefix,
    answer(exception, req, res) {
      const error =
        exception instanceof HttpException && exception.getStatus() === 404
          ? new OpenAiError(404, `Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', 'unknown_url')
          : toOpenAiError(exception, logger);
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      res.status(error.status).json(error.toBody());
    },
  };
}
