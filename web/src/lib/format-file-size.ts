const units = ['B', 'KB', 'MB', 'GB'] as const;
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A size as people read it, in steps of 1024 as the server's limits are set: "2.4 MB", "25 MB", "512 B". */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would round to "1024 KB": say "1 MB" instead.
  if (unit < units.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}
