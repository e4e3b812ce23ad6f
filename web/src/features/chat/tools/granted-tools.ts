import type { AgentDefinition } from '@mb/contracts/types/agent';
import { parseToolName } from './tool-labels';

/** What an agent's file grants: the built-ins by name and the MCP servers it uses any tool of. */
export type GrantedTools = { builtins: string[]; servers: string[] };

export function grantedTools(tools: AgentDefinition['tools']): GrantedTools {
  const builtins = new Set<string>();
  const servers = new Set<string>();
  for (const grant of tools ?? []) {
    const ref = parseToolName(typeof grant === 'string' ? grant : grant.use);
    if (ref.kind === 'builtin') builtins.add(ref.name);
    else servers.add(ref.server);
  }
  return { builtins: [...builtins], servers: [...servers] };
}
