import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultAgentsDir } from '../config';
import { displayPath } from './agent-files';
import { createAgentFile } from './new-agent';

const USAGE = 'usage: npm run agents:new -- --from persona.json --id <id> --route /<route> [--agents-dir dir]';

/** `npm run agents:new`: turns a downloaded persona (or another agent file) into a new agent file; see new-agent.ts. */
function main(): number {
  let values: { from?: string; id?: string; route?: string; 'agents-dir'?: string };
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string' },
        id: { type: 'string' },
        route: { type: 'string' },
        'agents-dir': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`agents:new: ${(error as Error).message} (${USAGE})`);
    return 1;
  }
  const missing = (['from', 'id', 'route'] as const).filter((name) => !values[name]);
  if (missing.length) {
    console.error(`agents:new: ${missing.map((name) => `--${name}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required (${USAGE})`);
    return 1;
  }
  const outcome = createAgentFile({
    from: resolve(values.from!),
    id: values.id!,
    route: values.route!,
    agentsDir: values['agents-dir'] ? resolve(values['agents-dir']) : defaultAgentsDir,
  });
  if (!outcome.ok) {
    console.error(`agents:new: ${outcome.message}`);
    return 1;
  }
  const { agent } = outcome;
  console.log(
    `Wrote ${displayPath(outcome.path)}: "${agent.display.title}" at ${agent.routes[0]} with a hub card (order ${agent.display.hub?.order}); adjust its display, conversation and routing, then npm run agents:check`,
  );
  return 0;
}

process.exitCode = main();
