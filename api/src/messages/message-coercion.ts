import type { Logger } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { MESSAGE_ROLES, type MessageRole } from '../sessions';

export const MAX_MESSAGE_LENGTH = 100_000;

const isRole = (value: unknown): value is MessageRole => MESSAGE_ROLES.includes(value as MessageRole);

/** The spec: a missing or unknown role is taken as user, with a warning. */
export function coerceRole(role: unknown, logger: Logger): MessageRole {
  if (isRole(role)) return role;
  logger.warn(`Message role ${JSON.stringify(role) ?? 'undefined'} is not system, user or assistant; taken as user`);
  return 'user';
}

/** The spec: content is coerced to text (JSON values as their JSON text). */
export function coerceContent(content: unknown): string {
  const text = typeof content === 'string' ? content : (JSON.stringify(content) ?? '');
  if (!text.trim()) throw AppError.validation(['content must not be empty']);
  if (text.length > MAX_MESSAGE_LENGTH)
    throw AppError.validation([`content must be at most ${MAX_MESSAGE_LENGTH} characters`]);
  return text;
}
