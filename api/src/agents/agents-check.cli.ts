import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultAgentsDir } from '../config';
import { displayPath, formatAgentProblem, loadAgentDirectory, type LoadedAgentFile } from './agent-files';
import { toolGrantsOf } from '../tools';

/** The MCP servers the deployment declares (MCP_SERVERS_FILE, else ./mcp-servers.json when present), by name. */
function declaredMcpServers(): { file: string; names: Set<string> } {
  const file = resolve(process.env.MCP_SERVERS_FILE ?? 'mcp-servers.json');
  if (!existsSync(file)) return { file, names: new Set() };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers?: Record<string, unknown> };
  return { file, names: new Set(Object.keys(parsed.mcpServers ?? {})) };
}

/** Grants of MCP servers the deployment does not declare: named, with where servers are declared. */
function unknownServers(agents: LoadedAgentFile[]): string[] {
  const { file, names } = declaredMcpServers();
  return agents.flatMap(({ agent, file: agentFile }) =>
    toolGrantsOf(agent).grants.flatMap((grant) =>
      grant.kind === 'mcp' && !names.has(grant.server)
        ? [`${agentFile}: /tools: no MCP server is named "${grant.server}" in ${displayPath(file)} (MCP_SERVERS_FILE)`]
        : [],
    ),
  );
}

/** `npm run agents:check [dir]`: validates agent files exactly as the server's boot does. */
function main(): number {
  const dir = process.argv[2] ? resolve(process.argv[2]) : defaultAgentsDir;
  const { agents, problems } = loadAgentDirectory(dir);
  if (problems.length) {
    for (const problem of problems) console.error(formatAgentProblem(problem));
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in agent files`);
    return 1;
  }
  if (!agents.length) {
    console.error(`No agent files in ${dir}`);
    return 1;
  }
  const servers = unknownServers(agents);
  if (servers.length) {
    for (const problem of servers) console.error(problem);
    console.error(`${servers.length} problem${servers.length === 1 ? '' : 's'} in agent files`);
    return 1;
  }
  console.log(
    `${agents.length} agent files valid: ${agents.map(({ agent }) => `${agent.id} (${agent.routes.join(', ')})`).join('; ')}`,
  );
  return 0;
}

process.exitCode = main();
