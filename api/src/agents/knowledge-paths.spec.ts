import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../config/repo-paths';
import { formatAgentProblem, loadAgentDirectory } from './agent-files';
import { knowledgeFilesOf } from './knowledge-paths';

const fixture = JSON.parse(readFileSync(join(repoRoot, 'api/test/fixtures/agents/completions-only.json'), 'utf8'));

describe(knowledgeFilesOf.name, () => {
  let base: string;
  let dir: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'mb-knowledge-paths-'));
    dir = join(base, 'agents');
    mkdirSync(join(dir, 'knowledge/kept/sub'), { recursive: true });
    writeFileSync(join(dir, 'knowledge/kept/b.md'), '# B');
    writeFileSync(join(dir, 'knowledge/kept/a.txt'), 'A');
    writeFileSync(join(dir, 'knowledge/kept/.hidden.txt'), 'hidden');
    writeFileSync(join(dir, 'knowledge/kept/sub/c.csv'), 'x,y\n1,2');
    writeFileSync(join(base, 'outside.txt'), 'secret');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const withKnowledge = (knowledge: string[]) => {
    writeFileSync(join(dir, 'completions-only.json'), JSON.stringify({ ...fixture, knowledge }));
    return loadAgentDirectory(dir).problems.map(formatAgentProblem);
  };

  it('lists a folder’s files by name, subfolders included and hidden files left out, then the files named', () => {
    const { files, problems } = knowledgeFilesOf(
      { knowledge: ['knowledge/kept/', 'knowledge/kept/a.txt', 'knowledge/missing.pdf'] },
      dir,
    );
    expect(files.map((file) => file.name)).toEqual([
      'knowledge/kept/a.txt',
      'knowledge/kept/b.md',
      'knowledge/kept/sub/c.csv',
    ]);
    expect(problems).toEqual([{ name: 'knowledge/missing.pdf', message: 'not found' }]);
  });

  it('never follows a link out of the agents folder', () => {
    symlinkSync(join(base, 'outside.txt'), join(dir, 'knowledge/kept/link.txt'));
    const { files, problems } = knowledgeFilesOf({ knowledge: ['knowledge/kept'] }, dir);
    expect(files.map((file) => file.name)).not.toContain('knowledge/kept/link.txt');
    expect(problems).toEqual([
      { name: 'knowledge/kept/link.txt', message: 'is a link leading out of the agents folder: not read' },
    ]);
  });

  it('refuses, in the agent file, absolute paths, paths leaving the folder and links out of it', () => {
    symlinkSync(base, join(dir, 'knowledge/up'));
    expect(withKnowledge(['/etc/passwd'])).toEqual([
      expect.stringMatching(/\/knowledge\/0: "\/etc\/passwd" must be relative to the agents folder$/),
    ]);
    expect(withKnowledge(['knowledge/../../outside.txt'])).toEqual([
      expect.stringMatching(/\/knowledge\/0: "knowledge\/..\/..\/outside.txt" leaves the agents folder$/),
    ]);
    expect(withKnowledge(['knowledge/kept', 'knowledge/up'])).toEqual([
      expect.stringMatching(/\/knowledge\/1: "knowledge\/up" is a link leading out of the agents folder$/),
    ]);
    expect(withKnowledge(['knowledge/kept', 'knowledge/not-yet-there/'])).toEqual([]);
  });
});
