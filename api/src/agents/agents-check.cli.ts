import { resolve } from 'node:path';
import { defaultAgentsDir } from '../config';
import { formatAgentProblem, loadAgentDirectory } from './agent-files';

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
  console.log(
    `${agents.length} agent files valid: ${agents.map(({ agent }) => `${agent.id} (${agent.routes.join(', ')})`).join('; ')}`,
  );
  return 0;
}

process.exitCode = main();
