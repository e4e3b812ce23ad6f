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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Reads every knowledge file the agents name, with the server's readers, and names those missing or unreadable:
 * warnings, since the server loads the agent and it answers without them. The readers load only when needed.
 */
async function reportKnowledge(agents: LoadedAgentFile[], dir: string): Promise<void> {
  if (!agents.some(({ agent }) => agent.knowledge?.length)) return;
  const { checkKnowledge } = await import('../knowledge');
  const checks = await checkKnowledge(agents, dir);
  for (const check of checks) {
    for (const problem of check.problems) console.warn(problem);
    for (const empty of check.empty) console.log(empty);
    if (check.read || check.problems.length || !check.empty.length)
      console.log(`${check.file}: ${plural(check.read, 'knowledge file')} read fine`);
  }
  const problems = checks.reduce((sum, check) => sum + check.problems.length, 0);
  if (problems)
    console.warn(
      `${plural(problems, 'knowledge file')} missing or unreadable (warnings: the agents answer without them)`,
    );
}

/**
 * `npm run agents:check [dir]`: validates agent files exactly as the server's boot does (a problem exits 1), then
 * reads their knowledge files as the server would (a file it cannot read is named, and exits 0).
 */
async function main(): Promise<number> {
  const dir = process.argv[2] ? resolve(process.argv[2]) : defaultAgentsDir;
  const { agents, problems } = loadAgentDirectory(dir);
  if (problems.length) {
    for (const problem of problems) console.error(formatAgentProblem(problem));
    console.error(`${plural(problems.length, 'problem')} in agent files`);
    return 1;
  }
  if (!agents.length) {
    console.error(`No agent files in ${dir}`);
    return 1;
  }
  const servers = unknownServers(agents);
  if (servers.length) {
    for (const problem of servers) console.error(problem);
    console.error(`${plural(servers.length, 'problem')} in agent files`);
    return 1;
  }
  console.log(
    `${agents.length} agent files valid: ${agents.map(({ agent }) => `${agent.id} (${agent.routes.join(', ')})`).join('; ')}`,
  );
  await reportKnowledge(agents, dir);
  return 0;
}

void main().then((code) => (process.exitCode = code));
