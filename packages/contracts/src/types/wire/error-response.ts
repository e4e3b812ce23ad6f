/* eslint-disable */
/**
 * Generated from schemas/wire/error-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ErrorCode } from './error-code.js';

/**
 * The body of every error answer of the API. Never a stack trace, nor anything the AI service said.
 */
export interface ErrorResponse {
  /**
   * The HTTP status of the answer, repeated.
   */
  statusCode: number;
  /**
   * What went wrong, from a closed set; the browser words it for the user.
   */
  code: ErrorCode;
  /**
   * What went wrong, in a sentence meant for the user.
   */
  message: string;
  /**
   * The individual problems of a refused input (VALIDATION_FAILED), e.g. "content is required".
   */
  details?: string[];
}
