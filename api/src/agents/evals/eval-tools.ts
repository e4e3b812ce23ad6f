import { Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { Clock } from '../../common/clock';
import type { AppConfig } from '../../config';
import { WebSearch } from '../../search';
import { McpServers, ToolCatalog, toolGrantsOf } from '../../tools';
import type { EvalTools } from './eval-tool-loop';

/** Past one connection attempt's own limit (15 s), so a server that hangs is reported down rather than waited on. */
const FIRST_ATTEMPT_MS = 20_000;

export interface OpenedEvalTools extends EvalTools {
  /** Closes every MCP session, ending stdio servers' processes. */
  close(): Promise<void>;
}

/** Resolves once none of `names` is still on its first connection attempt (or after FIRST_ATTEMPT_MS). */
function firstAttempts(mcp: McpServers, names: string[]): Promise<void> {
  const connecting = () =>
    mcp.connections.status().some((server) => names.includes(server.name) && server.state === 'connecting');
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, FIRST_ATTEMPT_MS);
    const stop = mcp.connections.onChange(() => {
      if (!connecting()) done();
    });
    if (!connecting()) done();
  });
}

/**
 * The server's tools for a run of evals, made as the tools module makes them (built-ins, MCP_SERVERS_FILE's
 * servers) without starting Nest. Resolves once every MCP server the given agents grant has connected or failed
 * its first attempt, so no case starts before its tools can be offered; a server still down then is left out of
 * the agents' tools and named in their cases' results, as a chat would leave it out. The services' log lines
 * (a server connected, failed) go to `say`, the run's progress, not to the table's output.
 */
export async function openEvalTools(
  config: AppConfig,
  agents: AgentDefinition[],
  say: (line: string) => void,
  clock: Clock,
): Promise<OpenedEvalTools> {
  const toSay = (message: unknown) => say(String(message));
  Logger.overrideLogger({ log: toSay, warn: toSay, error: toSay });
  const mcp = new McpServers(config);
  const catalog = new ToolCatalog(config, new WebSearch(config), mcp, clock);
  const granted = [
    ...new Set(
      agents.flatMap((agent) =>
        toolGrantsOf(agent).grants.flatMap((grant) => (grant.kind === 'mcp' && mcp.has(grant.server) ? [grant.server] : [])),
      ),
    ),
  ];
  if (granted.length) {
    mcp.connections.start();
    await firstAttempts(mcp, granted);
  }
  return {
    forAgent: (agent) => catalog.forAgent(agent),
    timeoutMs: config.tools.timeoutMs,
    close: () => mcp.connections.close(),
  };
}
