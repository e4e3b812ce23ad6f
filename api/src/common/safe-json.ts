import { AppError } from './app-error';

export const MAX_JSON_DEPTH = 32;

/**
 * PostgreSQL text cannot hold NUL, and deep nesting would overflow the validators' recursion:
 * both are refused up front with a 400 instead of surfacing as a 500 later.
 */
export function assertSafeJson(value: unknown, where: string): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) throw AppError.validation([`${where} must not contain NUL characters`]);
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_JSON_DEPTH)
        throw AppError.validation([`${where} is nested more than ${MAX_JSON_DEPTH} levels deep`]);
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) throw AppError.validation([`${where} must not contain NUL characters`]);
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
}
