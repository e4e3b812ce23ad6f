import { readFileSync } from 'node:fs';
import type { HttpServerConfig, McpServerConfig, StdioServerConfig } from './mcp-server-config';

export const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/;

/** The `type` values desktop MCP clients write beside a `url` (we find the protocol ourselves either way). */
const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp', 'sse']);

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface LoadedMcpServers {
  servers: McpServerConfig[];
  /** Sentences naming the file, the server and the field; a server with a problem is left out. */
  problems: string[];
}

/**
 * Reads the MCP servers file, in the shape desktop MCP clients use:
 * `{"mcpServers": {"<name>": {command, args?, env?, cwd?} | {url, headers?, type?}}}`.
 * `${VAR}` in any string value is taken from `env`; a missing variable is a problem naming it, never a value.
 * A missing file is no servers and no problem, unless the file is `required` (named by the operator).
 */
export function loadMcpServers(
  path: string,
  env: Record<string, string | undefined>,
  options: { required?: boolean } = {},
): LoadedMcpServers {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !options.required) return { servers: [], problems: [] };
    const why = code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? (error as Error).message})`;
    return { servers: [], problems: [`The MCP servers file ${path} ${why}.`] };
  }

  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { servers: [], problems: [`The MCP servers file ${path} is not valid JSON: ${jsonProblem(error, text)}.`] };
  }
  const entries = isObject(document) ? document.mcpServers : undefined;
  if (!isObject(entries)) {
    return { servers: [], problems: [`The MCP servers file ${path} has no "mcpServers" object.`] };
  }

  const servers: McpServerConfig[] = [];
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const reader = new EntryReader(path, name, env);
    const server = reader.read(entry);
    if (server && !reader.problems.length) servers.push(server);
    problems.push(...reader.problems);
  }
  return { servers, problems };
}

/** Reads one entry, gathering every problem it has rather than stopping at the first. */
class EntryReader {
  readonly problems: string[] = [];

  constructor(
    private readonly path: string,
    private readonly name: string,
    private readonly env: Record<string, string | undefined>,
  ) {}

  read(entry: unknown): McpServerConfig | undefined {
    if (!MCP_SERVER_NAME.test(this.name)) {
      this.problems.push(
        `In ${this.path}, the MCP server name ${JSON.stringify(this.name)} is not allowed: ` +
          'use at most 41 letters, digits, "_" or "-", starting with a letter or digit.',
      );
      return undefined;
    }
    if (!isObject(entry)) return this.fail('the entry', 'must be an object');
    const hasCommand = entry.command !== undefined;
    const hasUrl = entry.url !== undefined;
    if (hasCommand && hasUrl) return this.fail('the entry', 'has both "command" and "url": give one');
    if (hasCommand) return this.stdio(entry);
    if (hasUrl) return this.http(entry);
    return this.fail('the entry', 'has neither "command" (a local server) nor "url" (a remote one)');
  }

  private stdio(entry: Record<string, unknown>): StdioServerConfig | undefined {
    if (entry.type !== undefined && entry.type !== 'stdio') {
      return this.fail('"type"', `must be "stdio" for a server with a "command", not ${JSON.stringify(entry.type)}`);
    }
    const command = this.text(entry.command, '"command"');
    const args = this.texts(entry.args, '"args"');
    const env = this.textMap(entry.env, '"env"');
    const cwd = entry.cwd === undefined ? undefined : this.text(entry.cwd, '"cwd"');
    if (command === undefined || args === undefined || env === undefined) return undefined;
    if (!command.trim()) return this.fail('"command"', 'is empty');
    return { name: this.name, transport: 'stdio', command, args, env, ...(cwd !== undefined && { cwd }) };
  }

  private http(entry: Record<string, unknown>): HttpServerConfig | undefined {
    if (entry.type !== undefined && !(typeof entry.type === 'string' && HTTP_TYPES.has(entry.type))) {
      return this.fail(
        '"type"',
        `must be one of ${[...HTTP_TYPES].map((t) => `"${t}"`).join(', ')} for a server with a "url"`,
      );
    }
    const url = this.text(entry.url, '"url"');
    const headers = this.textMap(entry.headers, '"headers"');
    if (url === undefined || headers === undefined) return undefined;
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      return this.fail('"url"', 'is not a URL');
    }
    if (protocol !== 'http:' && protocol !== 'https:') return this.fail('"url"', 'must start with http:// or https://');
    return { name: this.name, transport: 'http', url, headers };
  }

  private text(value: unknown, field: string): string | undefined {
    if (typeof value !== 'string') return this.fail(field, 'must be a string');
    return this.substitute(value, field);
  }

  private texts(value: unknown, field: string): string[] | undefined {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      return this.fail(field, 'must be an array of strings');
    }
    const substituted = value.map((item, index) => this.substitute(item, `${field.slice(0, -1)}[${index}]"`));
    return substituted.every((item) => item !== undefined) ? substituted : undefined;
  }

  private textMap(value: unknown, field: string): Record<string, string> | undefined {
    if (value === undefined) return {};
    if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
      return this.fail(field, 'must be an object of string values');
    }
    const map: Record<string, string> = {};
    let complete = true;
    for (const [key, item] of Object.entries(value as Record<string, string>)) {
      const substituted = this.substitute(item, `${field.slice(0, -1)}.${key}"`);
      if (substituted === undefined) complete = false;
      else map[key] = substituted;
    }
    return complete ? map : undefined;
  }

  /** `${VAR}` from the environment; a variable that is not set is named, and the field left out. */
  private substitute(value: string, field: string): string | undefined {
    const missing = new Set<string>();
    const result = value.replace(VARIABLE, (_whole, variable: string) => {
      const found = this.env[variable];
      if (found === undefined) missing.add(variable);
      return found ?? '';
    });
    for (const variable of missing) this.fail(field, `uses \${${variable}}, which is not set`);
    return missing.size ? undefined : result;
  }

  private fail(field: string, issue: string): undefined {
    const subject =
      field === 'the entry' ? `the MCP server "${this.name}"` : `${field} of the MCP server "${this.name}"`;
    this.problems.push(`In ${this.path}, ${subject} ${issue}.`);
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** V8's reason with the line and column instead of an offset, and never the snippet of the file it may quote. */
function jsonProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /^(Unexpected token .*?), ".*" is not valid JSON$/s.exec(message);
  if (quoted) return quoted[1];
  const position = / at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : /end of JSON input/.test(message) ? text.length : undefined;
  const reason = message.replace(/ at position \d+.*$/s, '').replace(/ in JSON$/, '');
  if (offset === undefined) return reason;
  const before = text.slice(0, offset).split('\n');
  return `${reason} (line ${before.length}, column ${before[before.length - 1].length + 1})`;
}
