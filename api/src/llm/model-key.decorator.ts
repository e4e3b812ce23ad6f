import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../common/app-error';
import { documentsHeader } from '../common/route-docs';

export const MODEL_KEY_HEADER = 'x-openai-key';

const PLAUSIBLE_KEY = /^[\x21-\x7e]{1,512}$/;

/** Reads a user's own key from X-OpenAI-Key. The value is never echoed, not even when it is refused. */
export function readModelKey(request: Request): string | undefined {
  const header = request.headers[MODEL_KEY_HEADER];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (value === '') return undefined;
  if (!PLAUSIBLE_KEY.test(value)) throw AppError.validation(['The X-OpenAI-Key header is not a well-formed API key']);
  return value;
}

/** The key the user brought for this request, or undefined to use the server's. */
export const ModelKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => readModelKey(context.switchToHttp().getRequest<Request>()),
  [
    documentsHeader({
      name: 'X-OpenAI-Key',
      description:
        "The user's own OpenAI API key, used for this request only (never stored, logged or echoed) in place of the server's.",
      errors: ['VALIDATION_FAILED'],
    }),
  ],
);
