import { systemClock } from '../../../common/clock';
import { describeInstant, resolveTimeZone } from './time-zone';
import type { ToolDefinition } from '../../tool-definition';
import { ToolInputError } from '../../tool-input-error';

export { ToolInputError };

export const DEFAULT_TIME_ZONE = 'UTC';

function timeZoneOf(args: unknown): string {
  // A call without arguments is read as {}: the model asked for the time in UTC.
  if (args === undefined || args === null) return DEFAULT_TIME_ZONE;
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new ToolInputError(`arguments must be an object like {"timeZone": "Europe/Berlin"}, or {} for UTC`);
  }
  const extra = Object.keys(args).filter((key) => key !== 'timeZone');
  if (extra.length > 0) {
    throw new ToolInputError(`unknown argument ${extra.map((key) => `'${key}'`).join(', ')}; give only timeZone`);
  }
  const { timeZone } = args as { timeZone?: unknown };
  if (timeZone === undefined || timeZone === null) return DEFAULT_TIME_ZONE;
  if (typeof timeZone !== 'string') {
    throw new ToolInputError(`timeZone must be an IANA zone name such as 'Europe/Berlin', or left out for UTC`);
  }
  return resolveTimeZone(timeZone);
}

/** `now` is the clock: the app's (ToolCatalog), or a fixed one in tests. */
export function currentTimeTool(now: () => Date = () => systemClock.now()): ToolDefinition {
  return {
    name: 'current_time',
    description:
      "Tells the current date and time in a time zone: ISO 8601 with the zone's UTC offset, the weekday and the zone. " +
      'Call it whenever the answer depends on today, the time or the day of the week.',
    parameters: {
      type: 'object',
      properties: {
        timeZone: {
          type: 'string',
          description: "An IANA time zone such as 'Europe/Berlin' or 'America/New_York'; UTC when left out.",
        },
      },
      required: [],
      additionalProperties: false,
    },
    run(args: unknown, signal: AbortSignal): Promise<string> {
      return new Promise((resolve) => {
        signal.throwIfAborted();
        const timeZone = timeZoneOf(args);
        const instant = now();
        if (Number.isNaN(instant.getTime())) throw new Error('the clock gave an invalid date');
        resolve(describeInstant(instant, timeZone));
      });
    },
  };
}
