import { AppError } from '../common/app-error';

export const sessionMissing = () => AppError.notFound('Chat session');

export const replyInProgress = () =>
  new AppError('CONFLICT', 'A reply is still being written in this chat. Wait for it or stop it first.');

/** Why a new message is not stored, as the client is told (a message stored alone or a turn's first). */
export const messageRefusals = {
  'session-missing': sessionMissing,
  'reply-in-progress': replyInProgress,
  'orders-exhausted': () =>
    new AppError('CONFLICT', 'This session has no free message order left; start a new session'),
} as const;

export type MessageRefusal = keyof typeof messageRefusals;
