import { isIP } from 'node:net';
import { ownAddressList, whyNotPublic } from './address-policy';
import { type FetchPageSettings, normaliseHostname, type ResolvedAddress } from './fetch-page.options';
import { ToolInputError } from '../../tool-input-error';

/**
 * The SSRF guard: a URL becomes a target only with the addresses it was checked against, and the request
 * connects to those (never resolving the name again), so a DNS answer that changes in between changes nothing.
 */
export interface VettedTarget {
  url: URL;
  addresses: ResolvedAddress[];
}

const MAX_URL_LENGTH = 8192;

/**
 * Parses the URL a model gave. The WHATWG parser canonicalises the host first, so the spellings of an IPv4
 * address in decimal, octal or hex (http://2130706433/, http://0x7f.1/) all arrive here as 127.0.0.1.
 */
export function parseWebUrl(raw: string): URL {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH) throw new ToolInputError(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolInputError(
      `"${text.slice(0, 200)}" is not a valid URL: give a full address such as https://example.com/page.`,
    );
  }
  assertWebUrl(url, url.href);
  return url;
}

/** Where a redirect leads, held to the same rules as the URL the model gave. */
export function parseRedirect(location: string, from: URL): URL {
  let url: URL;
  try {
    url = new URL(location, from);
  } catch {
    throw new ToolInputError(`${from.href} redirected to "${location.slice(0, 200)}", which is not a valid URL.`);
  }
  assertWebUrl(url, `The redirect to ${url.href}`);
  return url;
}

function assertWebUrl(url: URL, subject: string): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError(`${subject} is refused: fetch_page reads only http:// and https:// URLs.`);
  }
  if (url.username || url.password) {
    throw new ToolInputError(`${subject} is refused: URLs with a user name or password are not fetched.`);
  }
  if (!url.hostname) throw new ToolInputError(`${subject} is refused: it names no host.`);
}

/**
 * Resolves the URL's host and checks every address it has (one private address among public ones is enough to
 * refuse: the connection could pick it), this machine's own addresses included. Hosts in allowHosts skip the
 * check, not the pinning.
 */
export async function vetTarget(
  url: URL,
  subject: string,
  settings: FetchPageSettings,
  signal: AbortSignal,
): Promise<VettedTarget> {
  const host = normaliseHostname(url.hostname);
  const allowed = settings.allowHosts.has(host);
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family
    ? [{ address: host, family: family === 6 ? 6 : 4 }]
    : await resolve(host, settings.lookup, signal);
  if (!allowed) {
    const own = ownAddressList(settings.ownAddresses());
    for (const { address } of addresses) {
      const why = whyNotPublic(address, own);
      if (!why) continue;
      const named = address === host ? address : `${host} resolves to ${address}, which`;
      throw new ToolInputError(`${subject} is refused: ${named} is ${why}; fetch_page reads only public web pages.`);
    }
  }
  return { url, addresses };
}

async function resolve(
  host: string,
  lookup: FetchPageSettings['lookup'],
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await untilAborted(lookup(host), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') {
      throw new ToolInputError(`The host ${host} does not exist; check the address.`);
    }
    throw new ToolInputError(`The host ${host} could not be looked up (${code ?? String(error)}); try again later.`);
  }
  if (!addresses.length) throw new ToolInputError(`The host ${host} has no address; check the address.`);
  return addresses;
}

/** DNS lookups can't be cancelled, but a Stop must not wait for one. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
