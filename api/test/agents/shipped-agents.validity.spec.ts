import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatAgentProblem, loadAgentDirectory, readAgentFile } from '../../src/agents/agent-files';
import { defaultAgentsDir } from '../../src/config/repo-paths';
import { fixtureAgentsDir } from '../support/fixture-agents';

/**
 * Every agent file, whichever the repository ships and whichever the tests use, is valid against the
 * schema, named by its id, and claims routes no other file claims. What the spec requires of the
 * shipped agents is checked in shipped-agents.conformance.spec.ts, nowhere else.
 */
describe.each([
  ['agents/', defaultAgentsDir],
  ['api/test/fixtures/agents/', fixtureAgentsDir],
])('agent files in %s', (_name, dir) => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

  it('holds agent files', () => {
    expect(files).not.toEqual([]);
  });

  it.each(files)('%s is valid and its id equals its file name', (name) => {
    const result = readAgentFile(join(dir, name));
    expect(result.ok ? [] : result.problems.map(formatAgentProblem)).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, name), 'utf8')).id).toBe(basename(name, '.json'));
  });

  it('loads every file, with unique ids and routes', () => {
    const { agents, problems } = loadAgentDirectory(dir);
    expect(problems.map(formatAgentProblem)).toEqual([]);
    expect(agents).toHaveLength(files.length);
    const ids = agents.map((a) => a.agent.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = agents.flatMap((a) => a.agent.routes);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
