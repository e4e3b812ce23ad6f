import { schemas } from './json-schema';

/** The one rule for a link kept in stored data: the wire schema's, an absolute http(s) URI. */
const LINK_SCHEMA = 'wire/chat-message.schema.json#/definitions/source/properties/link';

/** What RFC 3986 allows in a URI; a WHATWG URL may still hold others (`|` in a query, a stray `%`). */
const NOT_IN_URI = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})/g;

/**
 * `raw` as a link fit to store and show, or undefined when it is not a web address (javascript:, data:, a relative
 * path...). A valid link is kept as written; one a browser reads as http(s) but the schema does not (non-ASCII, an
 * upper-case scheme, a space) is kept in its percent-encoded form.
 */
export function webLink(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const valid = schemas.validator(LINK_SCHEMA);
  if (valid(raw)) return raw;
  const encoded = url.href.replace(NOT_IN_URI, (c) => encodeURIComponent(c));
  return valid(encoded) ? encoded : undefined;
}
