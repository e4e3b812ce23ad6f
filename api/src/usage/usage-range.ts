import { AppError } from '../common/app-error';

/** UTC days, both included: a day is its YYYY-MM-DD name. */
export interface UsageRange {
  from: string;
  to: string;
}

export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
// Years before 1970 are no day this app has seen, and year 0 is none PostgreSQL has.
const DAY = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}$/;

const dayName = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

function parseDay(name: string, raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const problem = `${name} must be a date as YYYY-MM-DD, from 1970 on`;
  if (typeof raw !== 'string' || !DAY.test(raw)) throw AppError.validation([problem]);
  // Date.parse rolls 2025-02-30 over to March: a real day reads back as itself.
  const time = startOf(raw);
  if (Number.isNaN(time) || dayName(new Date(time)) !== raw) throw AppError.validation([`${name} is not a real date`]);
  return raw;
}

/**
 * The days a usage query asks for. `to` defaults to `now`'s day (UTC) and `from` to the first day of `to`'s
 * month, so no parameters at all mean this month so far.
 */
export function parseUsageRange(rawFrom: unknown, rawTo: unknown, now: Date): UsageRange {
  const to = parseDay('to', rawTo) ?? dayName(now);
  const from = parseDay('from', rawFrom) ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw AppError.validation(['from must not be after to']);
  const days = (startOf(to) - startOf(from)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) throw AppError.validation([`the range must span at most ${MAX_RANGE_DAYS} days`]);
  return { from, to };
}

/** The instants a range covers: from the start of `from` up to, not including, the start of the day after `to`. */
export const rangeInstants = (range: UsageRange): { start: Date; end: Date } => ({
  start: new Date(startOf(range.from)),
  end: new Date(startOf(range.to) + DAY_MS),
});
