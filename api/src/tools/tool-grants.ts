import type { AgentDefinition, ToolPolicy } from '@mb/contracts/types/agent';

export const BUILTIN_TOOL_NAMES = ['web_search', 'fetch_page', 'calculator', 'current_time'] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export const DEFAULT_MAX_TOOL_STEPS = 8;

/** One entry of an agent's `tools`: a built-in, all of an MCP server's tools, or one of them. */
export type ToolGrant =
  | { kind: 'builtin'; name: BuiltinToolName; policy: ToolPolicy }
  | { kind: 'mcp'; server: string; tool?: string; policy: ToolPolicy };

export const isBuiltinName = (name: string): name is BuiltinToolName =>
  (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);

/** The agent file's `tools` read into grants; `problems` names entries that are neither a built-in nor an MCP grant. */
export function toolGrantsOf(agent: AgentDefinition): { grants: ToolGrant[]; problems: string[] } {
  const grants: ToolGrant[] = [];
  const problems: string[] = [];
  (agent.tools ?? []).forEach((entry, index) => {
    const { use, policy = 'auto' } = typeof entry === 'string' ? { use: entry } : entry;
    const mcp = /^mcp:([^/]+)(?:\/(.+))?$/.exec(use);
    if (mcp) grants.push({ kind: 'mcp', server: mcp[1], ...(mcp[2] !== undefined && { tool: mcp[2] }), policy });
    else if (isBuiltinName(use)) grants.push({ kind: 'builtin', name: use, policy });
    else
      problems.push(
        `tools/${index}: "${use}" is not a built-in tool (${BUILTIN_TOOL_NAMES.join(', ')}) nor "mcp:<server>" or "mcp:<server>/<tool>"`,
      );
  });
  return { grants, problems };
}

/** How an agent file names a granted tool: "calculator", "mcp:files/read_file". */
export const grantedName = (grant: ToolGrant, tool?: string): string =>
  grant.kind === 'builtin' ? grant.name : `mcp:${grant.server}/${tool ?? grant.tool}`;
