/** The built-in tools as people call them; a built-in not listed here shows its own name. */
const builtinLabels: Record<string, string> = {
  calculator: 'Calculator',
  current_time: 'Current time',
  fetch_page: 'Fetch page',
  web_search: 'Web search',
};

const mcpPrefix = 'mcp:';

/** A granted or called tool as the agent file names it: a built-in, `mcp:<server>` or `mcp:<server>/<tool>`. */
export type ToolRef = { kind: 'builtin'; name: string } | { kind: 'mcp'; server: string; tool?: string };

export function parseToolName(name: string): ToolRef {
  if (!name.startsWith(mcpPrefix)) return { kind: 'builtin', name };
  const [server, ...tool] = name.slice(mcpPrefix.length).split('/');
  return tool.length > 0 ? { kind: 'mcp', server, tool: tool.join('/') } : { kind: 'mcp', server };
}

export const builtinLabel = (name: string) => builtinLabels[name] ?? name;

/** "Calculator", "echo (everything)" for `mcp:everything/echo`. */
export function toolLabel(name: string): string {
  const ref = parseToolName(name);
  if (ref.kind === 'builtin') return builtinLabel(ref.name);
  return ref.tool ? `${ref.tool} (${ref.server})` : ref.server;
}

/** "12 ms", "0.4 s", "12.5 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 100) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
