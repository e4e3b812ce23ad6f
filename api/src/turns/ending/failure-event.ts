import type { Logger } from '@nestjs/common';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { AppError } from '../../common/app-error';
import { ModelCallAborted } from '../../llm';

/** The last event of a reply that did not finish: stopped, or its error in the closed set (anything else logged, told as INTERNAL). */
export function failureEvent(error: unknown, partial: ChatMessage | null, logger: Logger): ChatTurnEvent {
  if (error instanceof ModelCallAborted) return { type: 'stopped', message: partial };
  const failure = error instanceof AppError ? error : new AppError('INTERNAL', 'The reply failed. Please try again.');
  if (!(error instanceof AppError)) logger.error(`Turn failed: ${(error as Error).name}`, (error as Error).stack);
  return { type: 'error', code: failure.code, message: failure.message, partial };
}
