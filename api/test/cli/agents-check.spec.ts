import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { repoRoot } from '../../src/config/repo-paths';
import { fixtureAgent } from '../support/fixture-agents';
import { readingsCsv, textPdf } from '../fixtures/files/make-documents';

/** `npm run agents:check <dir>` as the root script runs it: tsx over the sources, from a folder of its own. */
function agentsCheck(cwd: string, agentsDir: string) {
  const run = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      '--conditions=source',
      '--tsconfig',
      join(repoRoot, 'api/tsconfig.json'),
      join(repoRoot, 'api/src/agents/agents-check.cli.ts'),
      agentsDir,
    ],
    { cwd, encoding: 'utf8', env: { PATH: process.env.PATH } },
  );
  const lines = (text: string) => text.trim().split('\n').filter(Boolean);
  return { status: run.status, out: lines(run.stdout), err: lines(run.stderr) };
}

describe('npm run agents:check', () => {
  let dir: string;
  let agentsDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-check-'));
    agentsDir = join(dir, 'agents');
    mkdirSync(agentsDir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writeAgent = (id: string, changes: Partial<AgentDefinition> = {}) =>
    writeFileSync(join(agentsDir, `${id}.json`), JSON.stringify({ ...fixtureAgent(id), ...changes }, null, 2));
  const writeKnowledge = (agent: string, name: string, bytes: Buffer | string) => {
    mkdirSync(join(agentsDir, 'knowledge', agent), { recursive: true });
    writeFileSync(join(agentsDir, 'knowledge', agent, name), bytes);
  };

  it("reads every agent's knowledge files: names each missing or unreadable one with its agent, counts those read, exits 0", async () => {
    writeAgent('knows-its-files', { knowledge: ['knowledge/knows-its-files/', 'knowledge/knows-its-files/gone.md'] });
    writeKnowledge('knows-its-files', 'care-plan.md', '# Care plan\n\nWalk twice a day; weigh every month.\n');
    // A PDF's first line, then noise: a scan that was cut or corrupted on its way.
    writeKnowledge('knows-its-files', 'scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]));
    // Hidden names are never read, whatever they hold.
    writeKnowledge('knows-its-files', '.scratch.pdf', randomBytes(512));
    writeAgent('counts-table-rows');
    writeKnowledge('counts-table-rows', 'readings.csv', readingsCsv(20));
    writeKnowledge('counts-table-rows', 'report.pdf', await textPdf(2));
    writeAgent('reads-a-long-pdf');
    writeKnowledge('reads-a-long-pdf', '.gitkeep', '');
    writeAgent('default-assistant');

    const run = agentsCheck(dir, agentsDir);

    expect(run.status).toBe(0);
    expect(run.err).toEqual([
      expect.stringMatching(
        /^agents\/knows-its-files\.json: \/knowledge\/0: knowledge\/knows-its-files\/scan\.pdf: This PDF is damaged/,
      ),
      'agents/knows-its-files.json: /knowledge/1: knowledge/knows-its-files/gone.md: not found',
      '2 knowledge files missing or unreadable (warnings: the agents answer without them)',
    ]);
    expect(run.out).toEqual([
      expect.stringMatching(/^4 agent files valid: /),
      'agents/counts-table-rows.json: 2 knowledge files read fine',
      'agents/knows-its-files.json: 1 knowledge file read fine',
      'agents/reads-a-long-pdf.json: /knowledge/0: knowledge/reads-a-long-pdf/: no files yet',
    ]);
  });

  it('still exits 1 for an invalid agent file, naming it', () => {
    writeAgent('counts-table-rows');
    writeKnowledge('counts-table-rows', 'readings.csv', readingsCsv(5));
    writeFileSync(join(agentsDir, 'half-written.json'), JSON.stringify({ id: 'half-written' }));

    const run = agentsCheck(dir, agentsDir);

    expect(run.status).toBe(1);
    expect(run.err).toContainEqual(expect.stringMatching(/^agents\/half-written\.json: /));
    expect(run.err.at(-1)).toMatch(/^\d+ problems? in agent files$/);
  });
});
