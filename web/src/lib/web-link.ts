/**
 * The address a stored link may open, or undefined when it is not a web page's: only an absolute http:// or
 * https:// URL, as the browser itself would read it (so " java\tscript:" or "JAVASCRIPT:" are what they are).
 * The server stores no other, but a link is checked where it becomes clickable too.
 */
export function webHref(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
