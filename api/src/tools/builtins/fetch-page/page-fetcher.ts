import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { type FetchPageSettings } from './fetch-page.options';
import { mediaTypeOf, renderText, sniffTextKind, textKindOf } from './page-text';
import { canDecode, readBody, requestPinned } from './pinned-request';
import { parseRedirect, parseWebUrl, vetTarget } from './target-guard';
import { ToolInputError } from '../../tool-input-error';

/**
 * fetch_page's rules from URL to answer. A refused or unusable URL throws ToolInputError; whatever the page or
 * the network did (an error status, a file that is not text, a timeout) is answered as a sentence instead, and
 * a Stop (the caller's signal) rejects with its reason.
 */
export async function fetchPage(rawUrl: string, settings: FetchPageSettings, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  let url = parseWebUrl(rawUrl);
  const timeout = settings.timeoutSignal(settings.timeoutMs);
  const deadline = AbortSignal.any([signal, timeout]);
  try {
    for (let redirects = 0; ; redirects++) {
      const subject = redirects ? `The redirect to ${url.href}` : url.href;
      const response = await requestPinned(await vetTarget(url, subject, settings, deadline), deadline);
      const location = redirectLocation(response);
      if (location === undefined) return await answer(url, response, settings, deadline);
      response.destroy();
      if (redirects === settings.maxRedirects) {
        return `The page redirected more than ${settings.maxRedirects} times, so it was not followed further.\nURL: ${url.href}`;
      }
      url = parseRedirect(location, url);
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) {
      return `The page did not answer within ${settings.timeoutMs / 1000} seconds.\nURL: ${url.href}`;
    }
    if (error instanceof ToolInputError) throw error;
    return `The page could not be read: ${failureOf(error)}.\nURL: ${url.href}`;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function redirectLocation(response: IncomingMessage): string | undefined {
  const location = response.headers.location;
  return REDIRECTS.has(response.statusCode ?? 0) && location ? location : undefined;
}

const WHAT_IS_READ = 'fetch_page reads web pages, plain text, Markdown and JSON';

async function answer(
  url: URL,
  response: IncomingMessage,
  settings: FetchPageSettings,
  signal: AbortSignal,
): Promise<string> {
  const contentType = response.headers['content-type'];
  const mediaType = mediaTypeOf(contentType);
  const declaredKind = textKindOf(mediaType);
  const unread = whyUnread(response, mediaType, declaredKind !== undefined);
  if (unread) {
    response.destroy();
    return `${unread}\nURL: ${url.href}`;
  }
  const { bytes, cut } = await readBody(response, settings.maxBytes, signal);
  const kind = declaredKind ?? sniffTextKind(bytes);
  if (!kind) return `The page is a file that is not text; ${WHAT_IS_READ}.\nURL: ${url.href}`;
  const { title, text } = renderText(kind, bytes, contentType, url.href);
  return formatPage(title, url.href, text, settings, cut);
}

/** Why the body is not worth reading, decided from the head alone (no byte of an image is read). */
function whyUnread(response: IncomingMessage, mediaType: string, isText: boolean): string | undefined {
  const status = response.statusCode ?? 0;
  if (status >= 300)
    return `The page answered ${status} ${STATUS_CODES[status] ?? response.statusMessage ?? ''}`.trimEnd() + '.';
  if (mediaType && !isText) return `The page is ${describeFile(mediaType, response)}, not text; ${WHAT_IS_READ}.`;
  if (!canDecode(response)) {
    return `The page is compressed as "${response.headers['content-encoding']}", which fetch_page cannot read.`;
  }
  return undefined;
}

function describeFile(mediaType: string, response: IncomingMessage): string {
  const length = Number(response.headers['content-length']);
  return Number.isFinite(length) && length > 0
    ? `a file of type ${mediaType} (${formatBytes(length)})`
    : `a file of type ${mediaType}`;
}

function formatPage(
  title: string | undefined,
  url: string,
  text: string,
  settings: FetchPageSettings,
  cutAtMaxBytes: boolean,
): string {
  let body = text || '(The page has no readable text.)';
  if (body.length > settings.maxChars) {
    // Never split a surrogate pair: a lone half is not a character.
    const end = /[\ud800-\udbff]/.test(body[settings.maxChars - 1]) ? settings.maxChars - 1 : settings.maxChars;
    body = `${body.slice(0, end)}\n\n[…cut: ${body.length - end} more characters]`;
  }
  if (cutAtMaxBytes) {
    body += `\n\n[…cut: the page is larger than ${formatBytes(settings.maxBytes)}; only its beginning was read]`;
  }
  const head = title ? `Title: ${title.slice(0, 500)}\nURL: ${url}` : `URL: ${url}`;
  return `${head}\n\n${body}`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

/** Network failures in words a model can relay; anything else by its own message. */
const FAILURES: Record<string, string> = {
  ECONNREFUSED: 'the server refused the connection',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPROTO: 'the TLS handshake failed',
  CERT_HAS_EXPIRED: "the site's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the site's TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the site's TLS certificate is not from a trusted authority",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the site's TLS certificate could not be verified",
  ERR_TLS_CERT_ALTNAME_INVALID: "the site's TLS certificate is for another name",
  Z_DATA_ERROR: 'its compressed body is damaged',
  Z_BUF_ERROR: 'its compressed body is damaged',
};

function failureOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code && Object.hasOwn(FAILURES, code)) return FAILURES[code];
  if (code?.startsWith('HPE_')) return 'the server did not answer in valid HTTP';
  return message || String(error);
}
