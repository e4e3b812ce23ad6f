import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeMatches } from '../../src/access/people/person-code';
import { repoRoot } from '../../src/config/repo-paths';
import { ANNA, BEN, writePeople } from '../support/people';

/** The scripts as `npm run people:add` and its siblings run them: tsx over the sources, in a folder of their own. */
function script(name: 'people-add' | 'people-remove' | 'people-check') {
  return (dir: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}) => {
    const run = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=source',
        '--tsconfig',
        join(repoRoot, 'api/tsconfig.json'),
        join(repoRoot, `api/src/access/people/${name}.cli.ts`),
        ...args,
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        // No code piped in: stdin is empty, as from a script with nothing to give (a terminal is the same).
        stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        input: options.input,
        env: { PATH: process.env.PATH, DATA_DIR: join(dir, 'data'), ...options.env },
      },
    );
    return { status: run.status, out: run.stdout.trim().split('\n'), err: run.stderr.trim() };
  };
}

const add = script('people-add');
const remove = script('people-remove');
const check = script('people-check');

const CODE_LINE =
  /^Anna's personal code \(shown only now, only its hash is kept; give it to them\): ([a-z2-9]{4}(-[a-z2-9]{4}){3})$/;

describe('npm run people:add, people:remove and people:check', () => {
  let dir: string;
  let file: string;
  const text = () => readFileSync(file, 'utf8');
  const people = () => JSON.parse(text()).people as Array<{ id: string; firstName: string; codeHash: string }>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mb-people-cli-'));
    file = join(dir, 'people.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds a person to a new ./people.json with a code printed once, of which the file holds only the hash', async () => {
    const run = add(dir, ['anna', 'Anna']);
    expect(run).toMatchObject({ status: 0, err: '' });
    expect(run.out).toEqual([
      'Added anna (Anna) to people.json (a new file: chats are now private to the people in it); a running server reads the change at once.',
      expect.stringMatching(CODE_LINE),
    ]);
    const code = CODE_LINE.exec(run.out[1])![1];
    expect(run.out.join('\n').split(code)).toHaveLength(2);
    expect(text()).not.toContain(code);
    expect(text()).toBe(`${JSON.stringify({ people: people() }, null, 2)}\n`);
    expect(people()).toEqual([{ id: 'anna', firstName: 'Anna', codeHash: expect.stringMatching(/^scrypt\$/) }]);
    expect(await codeMatches(code, people()[0].codeHash)).toBe(true);
    expect(await codeMatches(` ${code.toUpperCase()} `, people()[0].codeHash)).toBe(true);
    expect(await codeMatches('another-code', people()[0].codeHash)).toBe(false);
  });

  it('takes the code piped to it, printing it nowhere, and keeps the entries already there as they were', async () => {
    file = join(dir, 'circle.json');
    await writePeople(file, [ANNA, BEN]);
    const before = people();
    const run = add(dir, ['cara', 'Cara Mia'], { input: 'Cara-Code-4711\n', env: { PEOPLE_FILE: 'circle.json' } });
    expect(run).toMatchObject({ status: 0, err: '' });
    expect(run.out).toEqual([
      'Added cara (Cara Mia) to circle.json; a running server reads the change at once.',
      'Cara Mia signs in with the code you gave.',
    ]);
    expect(run.out.join('\n').toLowerCase()).not.toContain('cara-code-4711');
    expect(text().toLowerCase()).not.toContain('cara-code-4711');
    expect(people().slice(0, 2)).toEqual(before);
    expect(people()[2]).toMatchObject({ id: 'cara', firstName: 'Cara Mia' });
    expect(await codeMatches('cara-code-4711', people()[2].codeHash)).toBe(true);
  });

  describe('refuses in one line, with exit code 1, leaving the file as it was', () => {
    beforeEach(() => writePeople(file, [ANNA, BEN]));

    it.each([
      [
        ['anna', 'Anna'],
        undefined,
        'people:add: "anna" is already in people.json; --replace-code gives them a new code',
      ],
      [['guest', 'Gus'], undefined, `people:add: "guest" is reserved for the shared code's guests`],
      [
        ['Cara', 'Cara'],
        undefined,
        'people:add: "Cara" is not a valid id: lower-case letters, digits and dashes, starting with a letter or digit, at most 63 characters',
      ],
      [['cara', '  '], undefined, 'people:add: the first name is empty'],
      [['cara', 'C'.repeat(61)], undefined, 'people:add: the first name is longer than 60 characters'],
      [
        ['cara'],
        undefined,
        'people:add: an id and a first name are needed (usage: npm run people:add -- <id> "<First name>" [--replace-code])',
      ],
      [['cara', 'Cara'], 'short', 'people:add: the code must be at least 8 characters'],
      [['cara', 'Cara'], BEN.code.toUpperCase(), "people:add: that code is already ben's; choose another"],
      [['cara', 'Cara'], 'the-shared-code', 'people:add: that code is the shared access code; choose another'],
      [
        ['cara', 'Cara', '--replace-code'],
        undefined,
        'people:add: "cara" is not in people.json; leave out --replace-code to add them',
      ],
    ])('%j (stdin %j)', (args, input, message) => {
      const before = text();
      const run = add(dir, args, { input, env: { ACCESS_CODE: 'The-Shared-Code' } });
      expect(run).toMatchObject({ status: 1, out: [''], err: message });
      expect(text()).toBe(before);
    });

    it('a file that is not valid, naming the pointer', () => {
      writeFileSync(file, JSON.stringify({ people: [{ id: 'anna', firstName: 'Anna', codeHash: 'plain text' }] }));
      const before = text();
      const run = add(dir, ['cara', 'Cara']);
      expect(run.status).toBe(1);
      expect(run.err).toMatch(/^people:add: people\.json: \/people\/0\/codeHash: must match pattern/);
      expect(run.err.split('\n')).toHaveLength(1);
      expect(text()).toBe(before);
    });
  });

  it('--replace-code gives a new code, so the old one no longer signs in; the name stays', async () => {
    await writePeople(file, [ANNA, BEN]);
    const ben = people()[1];
    const run = add(dir, ['anna', '--replace-code']);
    expect(run.status).toBe(0);
    expect(run.out[0]).toBe(
      'Gave anna (Anna) a new code in people.json; they are signed out everywhere; a running server reads the change at once.',
    );
    const code = CODE_LINE.exec(run.out[1])![1];
    const [anna, benNow] = people();
    expect(anna.firstName).toBe('Anna');
    expect(await codeMatches(code, anna.codeHash)).toBe(true);
    expect(await codeMatches(ANNA.code, anna.codeHash)).toBe(false);
    expect(benNow).toEqual(ben);
  });

  it('people:remove takes one person out and refuses one not there', async () => {
    await writePeople(file, [ANNA, BEN]);
    expect(remove(dir, ['anna'])).toMatchObject({
      status: 0,
      out: ['Removed anna (Anna) from people.json; they are signed out everywhere.'],
    });
    expect(people().map((p) => p.id)).toEqual(['ben']);
    expect(remove(dir, ['anna'])).toMatchObject({ status: 1, err: 'people:remove: "anna" is not in people.json' });
  });

  it("people:check lists a valid file's people, and names each problem of an invalid one with exit code 1", async () => {
    expect(check(dir, [])).toMatchObject({
      status: 0,
      out: [
        'No people file at people.json: the shared access code opens everything (set PEOPLE_FILE to name another file).',
      ],
    });
    expect(check(dir, [], { env: { PEOPLE_FILE: 'people.json' } })).toMatchObject({
      status: 1,
      err: 'people.json: /: cannot be read (ENOENT)\n1 problem in people.json',
    });
    await writePeople(file, [ANNA, BEN]);
    expect(check(dir, [])).toMatchObject({ status: 0, out: ['2 people valid: anna (Anna), ben (Ben)'], err: '' });

    const [anna, ben] = people();
    writeFileSync(
      file,
      JSON.stringify({ people: [anna, { ...ben, id: 'anna' }, { ...ben, id: 'guest', firstName: '' }] }),
    );
    expect(check(dir, [])).toMatchObject({
      status: 1,
      err: ['people.json: /people/2/firstName: must match pattern "\\S"', '1 problem in people.json'].join('\n'),
    });
    writeFileSync(file, JSON.stringify({ people: [anna, { ...ben, id: 'anna' }, { ...ben, id: 'guest' }] }));
    expect(check(dir, [])).toMatchObject({
      status: 1,
      err: [
        'people.json: /people/1/id: "anna" is already /people/0/id',
        `people.json: /people/2/id: "guest" is reserved for the shared code's guests`,
        '2 problems in people.json',
      ].join('\n'),
    });
  }, 60_000);
});
