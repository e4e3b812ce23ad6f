import { AppError } from '../common/app-error';
import { MAX_MESSAGE_ORDER } from './chat-message.entity';
import type { SessionCursor } from './session.store';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function parseLimit(raw: unknown, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw) || limit < 1 || limit > max) {
    throw AppError.validation([`limit must be a whole number from 1 to ${max}`]);
  }
  return limit;
}

export function parseOrderCursor(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const order = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || order > MAX_MESSAGE_ORDER + 1) {
    throw AppError.validation(['before must be a message order (a whole number from 0)']);
  }
  return order;
}

export const encodeSessionCursor = (cursor: SessionCursor) =>
  Buffer.from(`${cursor.updatedAt.toISOString()}|${cursor.id}`).toString('base64url');

export function decodeSessionCursor(raw: unknown): SessionCursor | undefined {
  if (raw === undefined) return undefined;
  const invalid = AppError.validation(['cursor is not one this server issued']);
  if (typeof raw !== 'string' || raw.length > 200) throw invalid;
  const [iso, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(iso);
  const year = updatedAt.getUTCFullYear();
  if (rest.length || !id || !UUID.test(id) || !ISO_INSTANT.test(iso) || !(year >= 2000 && year <= 9999)) throw invalid;
  return { updatedAt, id };
}
