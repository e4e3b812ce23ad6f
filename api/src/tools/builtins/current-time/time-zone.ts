import { ToolInputError } from '../../tool-input-error';

const MAX_ZONE_LENGTH = 64;

/**
 * Formatters by zone, keyed in lower case (zone names ignore case) so the map holds at most one per zone:
 * building one costs far more than formatting with it, and zones repeat.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone.toLowerCase();
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A zone whose last part is the place the model named ("New York" → "America/New_York"), to suggest. */
function zoneForPlace(place: string): string | undefined {
  const wanted = place.trim().replace(/\s+/g, '_').toLowerCase();
  return Intl.supportedValuesOf('timeZone').find((zone) => zone.split('/').at(-1)?.toLowerCase() === wanted);
}

/**
 * The zone as the tool will name it: validated by Intl, with its canonical spelling when only the case differed
 * ("europe/berlin" → "Europe/Berlin"). An alias stays as asked ("Asia/Kolkata" is not turned into ICU's
 * "Asia/Calcutta", nor "EST" into "America/Panama").
 */
export function resolveTimeZone(requested: string): string {
  const zone = requested.trim();
  if (zone === '' || zone.length > MAX_ZONE_LENGTH) {
    throw new ToolInputError(`timeZone must be an IANA zone name such as 'Europe/Berlin', or left out for UTC`);
  }
  let canonical: string;
  try {
    canonical = formatterFor(zone).resolvedOptions().timeZone;
  } catch {
    const suggestion = zoneForPlace(zone);
    throw new ToolInputError(
      suggestion
        ? `unknown time zone '${zone}'; did you mean '${suggestion}'?`
        : `unknown time zone '${zone}'; use an IANA zone name such as 'Europe/Berlin' or 'America/New_York'`,
    );
  }
  return canonical.toLowerCase() === zone.toLowerCase() ? canonical : zone;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const magnitude = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

/** "2026-11-25T14:03:00+01:00 (Wednesday) Europe/Berlin": the wall clock in the zone, to the second. */
export function describeInstant(instant: Date, timeZone: string): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(seconds)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday', string>;
  const wall = new Date(0);
  wall.setUTCFullYear(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  // The zone's offset is how far its wall clock runs ahead of UTC at this instant.
  const offsetMinutes = Math.round((wall.getTime() - seconds) / 60_000);
  const year = parts.year.padStart(4, '0');
  const local = `${year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  return `${local}${offsetText(offsetMinutes)} (${parts.weekday}) ${timeZone}`;
}
