const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** Formatters are costly to build and a list formats many dates: one per locale is kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string | undefined): Intl.DateTimeFormat {
  const cacheKey = locale ?? '';
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * A session's last-updated time as short month, day, hour and minute in the user's locale
 * (e.g. 'Nov 21, 3:05 PM'). A value that is not a date is shown as it came rather than hidden.
 */
export function formatUpdatedAt(value: string, locale?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatterFor(locale).format(date);
}
