/** Finding tags in a page by a forward scan: no regular expression that can backtrack over the whole page. */

export const TAG_NAME = /<(\/?)([a-zA-Z][^\s/>]*)/y;
export const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * Where the tag whose attributes start at `from` ends (after its ">"). As in browsers, quotes count only around
 * an attribute's value, and a tag the page never closes runs to the end.
 */
export function tagEnd(html: string, from: number): number {
  for (let at = from; at < html.length; at++) {
    const char = html[at];
    if (char === '>') return at + 1;
    if (char !== '=') continue;
    while (/\s/.test(html[at + 1] ?? '')) at++;
    const quote = html[at + 1];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, at + 2);
      if (close === -1) return html.length;
      at = close;
    }
  }
  return html.length;
}

/** The first opening (or, with slash "/", closing) tag named `name` at or after `from`: its start and end. */
export function findTag(
  html: string,
  name: string,
  from: number,
  slash = '',
): { start: number; end: number } | undefined {
  const pattern = new RegExp(`<${slash}${name}(?=[\\s/>])`, 'gi');
  pattern.lastIndex = from;
  const match = pattern.exec(html);
  return match ? { start: match.index, end: tagEnd(html, match.index + match[0].length) } : undefined;
}
