import { ApiError, isNetworkFailure } from '../../../lib/api-client';

/** Why a turn produced no (complete) reply, whatever carried the news: an HTTP answer or a stream event. */
export type TurnFailure = { code?: string; message: string; details?: string[] };

export function toTurnFailure(error: unknown): TurnFailure {
  if (error instanceof ApiError) {
    return { code: error.code, message: error.body?.message ?? error.message, details: error.body?.details };
  }
  if (isNetworkFailure(error)) return { code: 'NETWORK_ERROR', message: 'Could not reach the server.' };
  return { message: error instanceof Error ? error.message : String(error) };
}
