import type { AgentKnowledgeStatus } from '@mb/contracts/types/wire/agent-knowledge';
import { readingsCsv, textPdf } from '../fixtures/files/make-documents';
import { eventually } from '../support/eventually';
import { KnowledgeAgents, knowledgeOf, systemPromptOf } from '../support/knowledge-agents';
import { type ConversationApp, startConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Its model reads 16,000 tokens: a 300-page PDF (about 45,000) is read by the passages a question needs. */
const PDF_AGENT = 'reads-a-long-pdf';
const TABLE_AGENT = 'counts-table-rows';
const SURVEY = `knowledge/${PDF_AGENT}/survey.pdf`;
const READINGS = `knowledge/${TABLE_AGENT}/readings.csv`;

const labelsIn = (system: string) => [...system.matchAll(/^--- (.+) ---$/gm)].map((match) => match[1]);

describe('Knowledge too long for the window', () => {
  let agents: KnowledgeAgents;
  let env: ConversationApp;
  let survey: Buffer;

  beforeAll(async () => {
    agents = new KnowledgeAgents();
    survey = await textPdf(300);
    agents.write(TABLE_AGENT, 'readings.csv', readingsCsv(5000));
    env = await startConversationApp({ env: { AGENTS_DIR: agents.dir } });
  });
  afterAll(async () => {
    await env.close();
    agents.remove();
  });

  const status = async (agent: string) =>
    (await (await env.sut.authorized()).get(`/api/agents/${agent}/knowledge`).expect(200)).body as AgentKnowledgeStatus;
  const ask = async (agentType: string, content: string) => (await sendTurn(env.sut, { agentType, content })).all();

  it('waits for a file being read: a question sent as the PDF arrives is answered from page 212, which it cites', async () => {
    agents.write(PDF_AGENT, 'survey.pdf', survey);
    const events = await ask(PDF_AGENT, 'What did the survey note about the insulation at finding 212?');

    const system = systemPromptOf(env.openai);
    expect(labelsIn(system)).toEqual(
      expect.arrayContaining([`${SURVEY}, page 211`, `${SURVEY}, page 212`, `${SURVEY}, page 213`]),
    );
    expect(system).toContain('Page 212 of the house survey: insulation (finding 212).');
    expect(system).toMatch(
      /- knowledge\/reads-a-long-pdf\/survey\.pdf \(PDF, 300 pages\): pages [\d, and-]*\b211-213\b/,
    );
    const read = knowledgeOf(events);
    expect(read.read).toBe('passages');
    expect(read.sources[0]).toEqual(
      expect.objectContaining({
        file: SURVEY,
        where: 'page 212',
        page: 212,
        text: expect.stringContaining('finding 212'),
      }),
    );
    // In document order, each with its score: the hit and its neighbours.
    const pages = read.passages.map((passage) => Number(passage.where.replace('page ', '')));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(read.passages.find((passage) => passage.where === 'page 212')?.score).toBeGreaterThan(0);
    expect(read.passages.length).toBeLessThan(300);
    expect(only(events, 'done').message.provenance?.knowledge).toEqual(read);
  });

  it('fits what it gives within the knowledge share of the window, beside the question', async () => {
    await eventually(async () => !(await status(PDF_AGENT)).indexing, 'the survey to be read');
    const events = await ask(PDF_AGENT, 'What was found about radon at finding 7?');
    const { tokens } = knowledgeOf(events);
    expect(tokens).toBeGreaterThan(2000);
    expect(env.openai.streamedRequests().at(-1)!.promptTokens! + 1000).toBeLessThanOrEqual(16_000);
  });

  it('gives a question about a whole table its rows from the first, and has the reply say which rows it counted', async () => {
    await eventually(async () => !(await status(TABLE_AGENT)).indexing, 'the readings to be read');
    expect((await status(TABLE_AGENT)).files[0]).toEqual(
      expect.objectContaining({ file: READINGS, status: 'ready', description: 'CSV table, 5,000 rows' }),
    );
    const events = await ask(TABLE_AGENT, 'How many readings are there, and what is the average radon level?');

    const system = systemPromptOf(env.openai);
    const labels = labelsIn(system);
    expect(labels[0]).toBe(`${READINGS}, rows 1-${/rows 1-(\d+)/.exec(labels[0])![1]}`);
    const rows = Number(/rows \d+-([\d,]+) of 5,000 only/.exec(system)![1].replace(/,/g, ''));
    expect(rows).toBeGreaterThan(100);
    expect(rows).toBeLessThan(5000);
    expect(system).toContain(
      `IMPORTANT: ${READINGS} is a table of 5,000 rows and you were given rows 1-${rows.toLocaleString('en-US')} of it only.`,
    );
    expect(system).toContain('say so in your reply');
    expect(knowledgeOf(events).notes).toEqual([
      `${READINGS}: rows 1-${rows.toLocaleString('en-US')} of 5,000 read (the table did not fit whole)`,
    ]);
  });

  it('gives a question about some rows those rows, saying which of the 5,000 they are', async () => {
    await eventually(async () => !(await status(TABLE_AGENT)).indexing, 'the readings to be read');
    await ask(TABLE_AGENT, 'What was measured in room 4321?');
    const system = systemPromptOf(env.openai);
    expect(system).toContain('2024-03-10,room 4321,4421,reading 4321');
    expect(system).toMatch(
      /- knowledge\/counts-table-rows\/readings\.csv \(CSV table, 5,000 rows\): rows [\d, and-]+ of 5,000 only/,
    );
    expect(system).toMatch(/IMPORTANT: knowledge\/counts-table-rows\/readings\.csv is a table of 5,000 rows/);
  });
});
