import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDefinition, AgentEvalCase } from '@mb/contracts/types/agent';
import { agentsEval } from '../../src/agents/agents-eval';
import { FakeOpenAI } from '../fakes/fake-openai';
import { textPdf } from '../fixtures/files/make-documents';
import { fixtureAgent } from '../support/fixture-agents';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';

const KEY = 'sk-eval-key-0123456789abcdefghijklmnop';
const NOTES = 'knowledge/cites/notes.md';
const SURVEY = 'knowledge/cites/survey.pdf';
/** In notes.md only: the fake answers with it only when the notes reached the model. */
const OPENING = 'The clinic opens at 07:45 on Tuesdays.';
/** On page 7 of the survey only (textPdf's page about radon). */
const RADON_PAGE = 'About radon (finding 7)';

const systemOf = (body: any): string => body?.messages?.[0]?.content ?? '';

const ask = (name: string, question: string, expect: AgentEvalCase['expect']): AgentEvalCase => ({
  name,
  conversation: [{ role: 'user', content: question }],
  expect,
});

const CASES: AgentEvalCase[] = [
  ask('cites the notes', 'When does the clinic open on Tuesdays?', { contains: ['07:45'], cites: ['notes.md'] }),
  ask('cites the radon page', 'Tell me about radon.', {
    contains: ['second visit'],
    cites: [NOTES.replace('notes.md', 'survey.pdf'), { file: 'survey.pdf', page: 7 }],
  }),
  ask('cites a page it did not use', 'Tell me about radon.', { cites: [{ file: 'survey.pdf', page: 3 }] }),
];

describe('npm run agents:eval: cases that check citations (expect.cites)', () => {
  let openai: FakeOpenAI;
  let database: IsolatedDatabase;
  let dir: string;
  let agentsDir: string;
  let survey: Buffer;
  let err: string[];

  beforeAll(async () => {
    openai = await FakeOpenAI.start({ acceptedKeys: [KEY] });
    survey = await textPdf(12);
  });
  afterAll(() => openai.close());
  beforeEach(async () => {
    openai.reset();
    database = await createIsolatedDatabase();
    dir = mkdtempSync(join(tmpdir(), 'mb-agents-eval-cites-'));
    agentsDir = join(dir, 'agents');
    mkdirSync(join(agentsDir, 'knowledge', 'cites'), { recursive: true });
    writeFileSync(join(agentsDir, NOTES), `# Opening hours\n\n${OPENING}\n`);
    writeFileSync(join(agentsDir, SURVEY), survey);
    err = [];
    // The model answers from the passage it was given; without it, it echoes the question.
    openai.script(
      { match: (body) => systemOf(body).includes(OPENING), text: 'It opens at 07:45.' },
      { match: (body) => systemOf(body).includes(RADON_PAGE), text: 'High radon readings call for a second visit.' },
      { match: (body) => systemOf(body).includes(RADON_PAGE), text: 'High radon readings call for a second visit.' },
    );
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  /** A fixture agent under a new id with the cases, knowing the files in knowledge/cites unless `knowledge` is false. */
  const writeAgent = (id: string, knowledge: boolean, evals = CASES, folder = 'knowledge/cites/') => {
    const { knowledge: _none, ...base } = fixtureAgent('completions-only');
    const agent: AgentDefinition = {
      ...base,
      id,
      routes: [`/${id}`],
      evals,
      ...(knowledge && { knowledge: [folder] }),
    };
    writeFileSync(join(agentsDir, `${id}.json`), JSON.stringify(agent, null, 2));
  };

  const run = (args: string[], extraEnv: Record<string, string | undefined> = {}) =>
    agentsEval(
      args,
      {
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: KEY,
        AGENTS_DIR: agentsDir,
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: database.url,
        OPENAI_TIMEOUT_MS: '5000',
        ...extraEnv,
      },
      { out: () => undefined, err: (line) => err.push(line) },
    );
  const reportOf = async (id: string) => {
    const file = join(dir, 'report.json');
    const code = await run([id, '--json', file, '--concurrency', '1']);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { code, results: new Map<string, any>(report.results.map((r: any) => [r.case, r])) };
  };

  it("passes when the reply shows each file cited, read from the agent's knowledge as a chat reads it", async () => {
    writeAgent('cites-its-files', true);
    const { results } = await reportOf('cites-its-files');

    const notes = results.get('cites the notes');
    expect([notes.pass, notes.reason, notes.reply]).toEqual([true, '', 'It opens at 07:45.']);
    expect(notes.cited).toEqual([{ file: NOTES, where: expect.any(String) }]);
    const radon = results.get('cites the radon page');
    expect([radon.pass, radon.reason]).toEqual([true, '']);
    expect(radon.cited).toEqual([{ file: SURVEY, where: 'page 7', page: 7 }]);

    // The knowledge came after the persona in the system prompt, as in a chat.
    const prompts = openai.completionRequests().map((request) => systemOf(request.body));
    expect(prompts[0]).toMatch(/^You are a test agent[\s\S]*# Knowledge files[\s\S]*07:45/);
    expect(err.some((line) => line.includes(`${SURVEY}: 12 passages read`))).toBe(true);
  });

  it('fails a page the sources do not include, naming the page expected and the pages cited', async () => {
    writeAgent('cites-its-files', true);
    const { code, results } = await reportOf('cites-its-files');

    const wrong = results.get('cites a page it did not use');
    expect(wrong.pass).toBe(false);
    expect(wrong.reason).toBe('expected a source survey.pdf p. 3; the reply cited: knowledge/cites/survey.pdf p. 7');
    expect(code).toBe(1);
  });

  it('fails every citation when the same agent has no knowledge, saying so, and the model got none', async () => {
    writeAgent('cites-without-knowledge', false);
    const { code, results } = await reportOf('cites-without-knowledge');

    expect([...results.values()].map((r) => [r.case, r.pass, r.reason, r.cited])).toEqual([
      [
        'cites the notes',
        false,
        'does not contain "07:45"; expected a source notes.md; the reply cited nothing (the agent has no knowledge)',
        [],
      ],
      [
        'cites the radon page',
        false,
        'does not contain "second visit"; expected sources knowledge/cites/survey.pdf, survey.pdf p. 7; ' +
          'the reply cited nothing (the agent has no knowledge)',
        [],
      ],
      [
        'cites a page it did not use',
        false,
        'expected a source survey.pdf p. 3; the reply cited nothing (the agent has no knowledge)',
        [],
      ],
    ]);
    expect(openai.completionRequests().map((request) => systemOf(request.body))).not.toContainEqual(
      expect.stringContaining('# Knowledge files'),
    );
    expect(code).toBe(1);
  });

  it('says which file was not read when the reply cited nothing for that reason', async () => {
    mkdirSync(join(agentsDir, 'knowledge', 'broken'));
    writeFileSync(join(agentsDir, 'knowledge', 'broken', 'scan.pdf'), 'not a PDF at all');
    writeAgent(
      'cites-a-broken-file',
      true,
      [ask('cites the scan', 'What does the scan say?', { cites: ['scan.pdf'] })],
      'knowledge/broken/',
    );
    const { results } = await reportOf('cites-a-broken-file');

    expect(results.get('cites the scan').reason).toMatch(
      /^expected a source scan\.pdf; the reply cited nothing \(knowledge\/broken\/scan\.pdf: could not be read: .+\)$/,
    );
  });

  it('exits 2 before any call when the server holds the embedded database the knowledge is read into', async () => {
    writeAgent('cites-its-files', true);
    mkdirSync(join(dir, 'data'));
    // A live process other than this one (the one that started jest) holds DATA_DIR's lock.
    writeFileSync(join(dir, 'data', 'pgdata.lock'), String(process.ppid));

    expect(await run(['cites-its-files'], { DATABASE_URL: undefined })).toBe(2);
    expect(err.at(-1)).toMatch(
      new RegExp(
        `^agents:eval: the server \\(process ${process.ppid}\\) holds the embedded database in .*: stop the server, or run the evals with its DATABASE_URL$`,
      ),
    );
    expect(openai.completionRequests()).toEqual([]);
  });
});
