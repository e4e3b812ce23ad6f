import { existsSync } from 'node:fs';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { StdioServerConfig } from './mcp-server-config';

/** "15 s", "300 ms": how long, in the words of an error. */
export function durationText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

export const isTimeout = (error: unknown) =>
  error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number);

export const isConnectionClosed = (error: unknown) =>
  error instanceof McpError && error.code === (ErrorCode.ConnectionClosed as number);

/** Why a child process could not be started at all, or undefined when it was. */
export function spawnFailureText(error: unknown, server: StdioServerConfig): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // spawn reports a missing working directory as a missing command (ENOENT), so the directory is looked at first.
  if (code === 'ENOENT' && server.cwd !== undefined && !existsSync(server.cwd)) {
    return `working directory not found: ${server.cwd}`;
  }
  if (code === 'ENOENT') return `command not found: ${server.command}`;
  if (code === 'EACCES') return `permission denied running ${server.command}`;
  return undefined;
}

/**
 * The HTTP status of the SDK's StreamableHTTPError or SseError (their `code`), told apart from McpError's JSON-RPC
 * codes without loading the HTTP transports, which are only loaded once an HTTP server is configured.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!isErrorLike(error) || error instanceof McpError) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** Why an HTTP server could not be reached or refused us, in a few words. */
export function httpFailureText(error: unknown, url: URL): string {
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) return `the server refused the credentials (HTTP ${status})`;
  if (status !== undefined) return `the server answered HTTP ${status}`;
  if (isErrorLike(error) && /^(SSE|Streamable HTTP) error: /.test(error.message)) {
    const cause = networkFailureText(error.message, url.hostname);
    if (cause) return cause;
  }
  if (isErrorLike(error) && error.message === 'fetch failed') {
    return networkFailureText(codeOf(error.cause), url.hostname) ?? shortMessage(error.cause);
  }
  return shortMessage(error);
}

const NETWORK_CODES: Array<[RegExp, (host: string) => string]> = [
  [/ECONNREFUSED/, () => 'connection refused'],
  [/ENOTFOUND|EAI_AGAIN/, (host) => `host not found: ${host}`],
  [/ECONNRESET|other side closed/, () => 'connection reset'],
  [/ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT/, () => 'connection timed out'],
  [/EHOSTUNREACH|ENETUNREACH/, () => 'host unreachable'],
  [/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/, () => 'TLS certificate rejected'],
];

function networkFailureText(text: string | undefined, host: string): string | undefined {
  if (!text) return undefined;
  return NETWORK_CODES.find(([pattern]) => pattern.test(text))?.[1](host);
}

function codeOf(cause: unknown): string | undefined {
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { code, errors, message } = cause as { code?: unknown; errors?: unknown[]; message?: unknown };
  if (typeof code === 'string') return code;
  // Node tries every address of a host name and reports an AggregateError of them.
  if (Array.isArray(errors) && errors.length) return codeOf(errors[0]);
  return typeof message === 'string' ? message : undefined;
}

/** The first line of an error's message, trimmed of the SDK's prefixes and cut short. */
export function shortMessage(error: unknown): string {
  const message = isErrorLike(error) ? error.message : String(error);
  const line = message
    .replace(/^MCP error -?\d+: /, '')
    .split('\n')[0]
    .trim();
  return (line.length > 200 ? `${line.slice(0, 199)}…` : line) || 'unknown error';
}

/**
 * An Error of any realm: Node's fetch throws its own realm's TypeError, which `instanceof Error` does not
 * recognise where globals are replaced (as under jest).
 */
function isErrorLike(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/** Blanks every secret out of a text meant for logs and status. */
export function redact(text: string, secrets: string[]): string {
  return secrets.reduce((redacted, secret) => redacted.split(secret).join('***'), text);
}
