import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Inject,
  Logger,
  Optional,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, type ErrorCode } from './app-error';

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'VALIDATION_FAILED',
  [HttpStatus.UNAUTHORIZED]: 'ACCESS_REQUIRED',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'METHOD_NOT_ALLOWED',
  [HttpStatus.CONFLICT]: 'CONFLICT',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'PAYLOAD_TOO_LARGE',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'UNSUPPORTED_MEDIA_TYPE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'TOO_MANY_ATTEMPTS',
};

function fromHttpException(exception: HttpException): AppError {
  const status = exception.getStatus();
  const code = CODE_FOR_STATUS[status];
  if (!code) return new AppError('INTERNAL', 'Internal server error');
  const response = exception.getResponse();
  const raw = typeof response === 'object' && response && 'message' in response ? response.message : exception.message;
  const message = Array.isArray(raw) ? raw.join('; ') : String(raw);
  return new AppError(code, message);
}

/** Paths whose clients read errors in a shape of their own (the OpenAI-compatible API's), and how to answer them. */
export interface ErrorShape {
  /** "/v1/": every path under it. */
  pathPrefix: string;
  answer(exception: unknown, req: Request, res: Response): void;
}

/** The error shapes of modules with their own (ErrorShape[]); absent: every path answers ours. */
export const ERROR_SHAPES = Symbol('ERROR_SHAPES');

/** The one place where failures become responses: known codes keep their message, the rest a generic 500. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Optional() @Inject(ERROR_SHAPES) private readonly shapes: ErrorShape[] | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      this.toAppError(exception);
      response.end();
      return;
    }
    const request = host.switchToHttp().getRequest<Request>();
    const shape = this.shapes?.find((candidate) => `${request.path}/`.startsWith(candidate.pathPrefix));
    if (shape) return shape.answer(exception, request, response);
    const error = this.toAppError(exception);
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.status(error.status).json(error.toBody());
  }

  private toAppError(exception: unknown): AppError {
    if (exception instanceof AppError) return exception;
    if (exception instanceof HttpException) return fromHttpException(exception);
    const name = exception instanceof Error ? exception.name : typeof exception;
    this.logger.error(`Unhandled ${name}`, exception instanceof Error ? exception.stack : undefined);
    return new AppError('INTERNAL', 'Internal server error');
  }
}
