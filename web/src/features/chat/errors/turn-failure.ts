import { ApiError } from '../../../lib/api-client';
import { failureCode, type FailureCode } from '../../../lib/failure-wording';

/** Why a turn produced no (complete) reply, whatever carried the news: an HTTP answer or a stream event. */
export type TurnFailure = { code?: FailureCode; message: string; details?: string[] };

export function toTurnFailure(error: unknown): TurnFailure {
  if (error instanceof ApiError) {
    return { code: error.code, message: error.body?.message ?? error.message, details: error.body?.details };
  }
  const code = failureCode(error);
  if (code) return { code, message: error instanceof Error ? error.message : String(error) };
  return { message: error instanceof Error ? error.message : String(error) };
}
