import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentKnowledgeStatus } from '@mb/contracts/types/wire/agent-knowledge';
import { docx } from '../fixtures/files/make-documents';
import { eventually } from '../support/eventually';
import { KnowledgeAgents, knowledgeOf, systemPromptOf } from '../support/knowledge-agents';
import { type ConversationApp, startConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Its knowledge folder holds care-plan.md and visits.csv (committed), and the Word document each test writes. */
const AGENT = 'knows-its-files';
const PLAN = 'knowledge/knows-its-files/care-plan.md';
const VISITS = 'knowledge/knows-its-files/visits.csv';

describe('Knowledge files that fit the window', () => {
  let agents: KnowledgeAgents;
  let env: ConversationApp;

  beforeAll(async () => {
    agents = new KnowledgeAgents();
    agents.write(
      AGENT,
      'diet.docx',
      await docx([
        { heading: 'Diet' },
        { paragraph: 'No grapefruit juice within four hours of the morning tablet.' },
        { heading: 'Exercise' },
        { paragraph: 'A brisk walk of thirty minutes on most days.' },
      ]),
    );
    agents.write(AGENT, 'scan.pdf', Buffer.from('%PDF-1.7\nnot really a PDF at all'));
    env = await startConversationApp({ env: { AGENTS_DIR: agents.dir } });
  });
  afterAll(async () => {
    await env.close();
    agents.remove();
  });

  const status = async () =>
    (await (await env.sut.authorized()).get(`/api/agents/${AGENT}/knowledge`).expect(200)).body as AgentKnowledgeStatus;
  const ask = async (content: string) => (await sendTurn(env.sut, { agentType: AGENT, content })).all();

  it('reads every file, says what each is, and names the one it cannot read with why', async () => {
    await eventually(async () => !(await status()).indexing, 'the knowledge files to be read');
    const { files } = await status();
    expect(files).toEqual([
      expect.objectContaining({ file: PLAN, status: 'ready', description: 'Markdown' }),
      expect.objectContaining({
        file: 'knowledge/knows-its-files/diet.docx',
        status: 'ready',
        description: 'Word document',
      }),
      {
        file: 'knowledge/knows-its-files/scan.pdf',
        status: 'failed',
        reason: expect.stringMatching(/PDF/),
      },
      expect.objectContaining({ file: VISITS, status: 'ready', description: 'CSV table, 4 rows' }),
    ]);
  });

  it('gives the model every file whole, in order, labelled by file and section, and tells it what it could not read', async () => {
    await eventually(async () => !(await status()).indexing, 'the knowledge files to be read');
    const events = await ask('When is the next thyroid panel due?');

    const system = systemPromptOf(env.openai);
    const labels = [...system.matchAll(/^--- (.+) ---$/gm)].map((match) => match[1]);
    expect(labels).toEqual([
      `${PLAN}, section “Care plan”, lines 1-3`,
      `${PLAN}, section “Medication”, lines 5-7`,
      `${PLAN}, section “Follow-up”, lines 9-11`,
      'knowledge/knows-its-files/diet.docx, section “Diet”',
      'knowledge/knows-its-files/diet.docx, section “Exercise”',
      `${VISITS}, rows 1-4`,
    ]);
    expect(system).toContain('due in September at the practice on Linden Street');
    expect(system).toContain('No grapefruit juice within four hours');
    expect(system).toMatch(/- knowledge\/knows-its-files\/scan\.pdf: could not be read: .*you have not read it/);
    const read = knowledgeOf(events);
    expect(read.read).toBe('whole');
    expect(read.passages).toHaveLength(6);
    expect(read.sources[0]).toEqual({
      file: PLAN,
      where: 'section “Follow-up”, lines 9-11',
      score: expect.any(Number),
      text: expect.stringContaining('The next thyroid panel (TSH, free T4) is due in September'),
    });
    expect(read.notes).toEqual([expect.stringMatching(/^knowledge\/knows-its-files\/scan\.pdf: could not be read/)]);
  });

  it('finds a name spelt wrong by its trigrams', async () => {
    await eventually(async () => !(await status()).indexing, 'the knowledge files to be read');
    const read = knowledgeOf(await ask('Is hashimotto the reason for the tablets?'));
    expect(read.sources.map((source) => source.where)).toContain('section “Medication”, lines 5-7');
  });

  it('an agent whose knowledge folder holds no files yet (a hidden placeholder only) shows no problem and adds nothing to a turn', async () => {
    const EMPTY = 'counts-table-rows';
    const page = (await (await env.sut.authorized()).get(`/api/agents/${EMPTY}/knowledge`).expect(200))
      .body as AgentKnowledgeStatus;
    expect(page).toEqual({ indexing: false, files: [] });

    const events = await (await sendTurn(env.sut, { agentType: EMPTY, content: 'How many readings are there?' })).all();

    expect(systemPromptOf(env.openai)).not.toContain('# Knowledge files');
    expect(only(events, 'done').message.provenance?.knowledge).toBeUndefined();
  });

  it('reads a file again when it changes while the app runs, and the next turn has the new text only', async () => {
    await eventually(async () => !(await status()).indexing, 'the knowledge files to be read');
    const tokensOf = async () => (await status()).files.find((file) => file.file === PLAN)?.tokens;
    const before = await tokensOf();
    writeFileSync(
      join(agents.dir, PLAN),
      '# Care plan\n\n## Follow-up\n\nThe next thyroid panel is due in November at City Hospital.\n',
    );
    await eventually(async () => (await tokensOf()) !== before, 'the changed file to be read again');
    await ask('When is the next thyroid panel due?');
    const system = systemPromptOf(env.openai);
    expect(system).toContain('due in November at City Hospital');
    expect(system).not.toContain('September');
  });
});
