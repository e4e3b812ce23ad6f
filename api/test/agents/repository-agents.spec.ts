import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatAgentProblem, loadAgentDirectory, readAgentFile } from '../../src/agents/agent-files';
import { defaultAgentsDir } from '../../src/config/repo-paths';

/** The agent files this repository ships: valid, uniquely named, and answering the spec's routes. */
const agentFiles = readdirSync(defaultAgentsDir).filter((name) => name.endsWith('.json'));

describe('agents/ in this repository', () => {
  it.each(agentFiles)('%s is valid and its id equals its file name', (name) => {
    const result = readAgentFile(join(defaultAgentsDir, name));
    expect(result.ok ? [] : result.problems.map(formatAgentProblem)).toEqual([]);
    expect(JSON.parse(readFileSync(join(defaultAgentsDir, name), 'utf8')).id).toBe(basename(name, '.json'));
  });

  it('has unique ids and routes, covering every agent route of the spec', () => {
    const { agents, problems } = loadAgentDirectory(defaultAgentsDir);
    expect(problems).toEqual([]);
    const ids = agents.map((a) => a.agent.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = agents.flatMap((a) => a.agent.routes);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.sort()).toEqual([
      '/doctor',
      '/interior-designer',
      '/mbhealth',
      '/moisture-control',
      '/owner-builder',
      '/poodletime',
      '/travely',
    ]);
  });

  it('puts the five hub agents of the spec on the hub, in its order', () => {
    const hub = loadAgentDirectory(defaultAgentsDir)
      .agents.map((a) => a.agent)
      .filter((agent) => agent.display.hub)
      .sort((a, b) => a.display.hub!.order - b.display.hub!.order)
      .map((agent) => [agent.display.name, agent.routes[0]]);
    expect(hub).toEqual([
      ['Moisture Control', '/moisture-control'],
      ['Interior Designer', '/interior-designer'],
      ['The Doctor', '/doctor'],
      ['Travely', '/travely'],
      ['PoodleTime', '/poodletime'],
    ]);
  });
});
