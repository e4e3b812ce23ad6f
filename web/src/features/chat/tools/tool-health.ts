import type { ToolsResponse } from '../../../lib/api/tools';
import type { GrantedTools } from './granted-tools';
import { builtinLabel } from './tool-labels';

const texts = {
  serverDown: (server: string, lastError: string | undefined) =>
    `${server} tools are unavailable right now${lastError ? ` (${lastError})` : ''}; answers won't use them.`,
  builtinMissing: (label: string) => `${label} is not configured on this server.`,
} as const;

/** A server still connecting for the first time is not called down: only one that failed or lost its connection. */
const down = new Set(['failed', 'reconnecting']);

/** One sentence for each tool the agent relies on that the server cannot offer now, built-ins first. */
export function toolHealthNotices(granted: GrantedTools, health: ToolsResponse): string[] {
  const builtins = health.builtins
    .filter((builtin) => granted.builtins.includes(builtin.name) && !builtin.available)
    .map((builtin) => texts.builtinMissing(builtinLabel(builtin.name)));
  const servers = health.servers
    .filter((server) => granted.servers.includes(server.name) && down.has(server.state))
    .map((server) => texts.serverDown(server.name, server.lastError));
  return [...builtins, ...servers];
}
