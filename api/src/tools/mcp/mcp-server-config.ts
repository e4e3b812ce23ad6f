/** One MCP server of the deployment, as read from the MCP servers file (variables already substituted). */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** A local server run as a child process that speaks MCP over its stdin and stdout. */
export interface StdioServerConfig {
  name: string;
  transport: 'stdio';
  command: string;
  args: string[];
  /** The child's only variables besides the SDK's safe defaults (PATH, HOME, USER, SHELL, TERM, LOGNAME). */
  env: Record<string, string>;
  cwd?: string;
}

/** A remote server: Streamable HTTP, or legacy HTTP+SSE at the same URL. */
export interface HttpServerConfig {
  name: string;
  transport: 'http';
  url: string;
  /** Sent on every request (e.g. Authorization). */
  headers: Record<string, string>;
}

/** The values of a server's configuration that may be secrets, kept out of any error it reports. */
export function secretsOf(server: McpServerConfig): string[] {
  const values =
    server.transport === 'stdio'
      ? Object.values(server.env)
      : [...Object.values(server.headers), ...urlSecrets(server.url)];
  // Short values ("1", "true") are settings rather than secrets, and blanking them would garble the text.
  return values.filter((value) => value.length >= 4);
}

function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.username, parsed.password, decodeURIComponent(parsed.password), ...parsed.searchParams.values()];
  } catch {
    return [];
  }
}
