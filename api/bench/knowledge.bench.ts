import 'reflect-metadata';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../src/database';
import { openDataSource } from '../src/database/open-data-source';
import { newDataDir } from '../test/support/data-dirs';
import { benchDatabaseUrl, createBenchSchema } from './support/bench-database';
import {
  BENCH_KEY,
  accessCookie,
  compareSequential,
  ms,
  pairedDifferences,
  percentile,
  runBench,
  startBenchServer,
  type Cleanup,
} from './support/bench-kit';
import {
  HANDBOOKS,
  KNOWLEDGE_AGENTS,
  PDF_FILE,
  WINDOW_TOKENS,
  type KnowledgeCase,
  writeKnowledgeAgents,
} from './support/knowledge-agents-dir';
import { codeOf, QUERY_KINDS, question, type QueryKind } from './support/knowledge-corpus';
import { KnowledgeInProcess } from './support/knowledge-in-process';
import { afterSummaries, knowledgeReady, knowledgeTurn, type KnowledgeTurn } from './support/knowledge-turns';
import { RemoteFakeOpenAI } from './support/remote-fake-openai';

/**
 * Knowledge files (issue 31), on the embedded database and on PostgreSQL:
 * 1. indexing the 300-page PDF as KnowledgeIndexer does at a first start (read in a bounded process, passages stored
 *    under the file's lock), the median of INDEX_RUNS, beside reading it alone;
 * 2. retrieval over 10,000 passages (20 Markdown handbooks): AgentKnowledge.ground, what a turn calls (rank by words,
 *    trigrams and the recent conversation, plan within the budget, read the chosen texts, fit by the tokenizer), for
 *    questions of four kinds in turn (plain words, names with some misspelt, codes, German), p50 / p99;
 * 3. what knowledge adds to a turn's first token: the same agent (a 16,000-token window) without knowledge, with a
 *    file it reads whole and with the PDF (chosen by passages), one streamed POST /api/chat/turns each per round
 *    against the built server and the fake model service, in rotating order. (A turn over the 10,000 passages adds
 *    what the retrieval above takes.)
 * No embedding model is configured: ranking is by full text and trigrams, as without OPENAI_EMBEDDING_MODEL.
 */
const INDEX_RUNS = 3;
/** Questions of the four kinds in turn, 200 at most: as many as `withinMs` allows (each took seconds when written). */
const QUESTIONS = { max: 200, warmup: 4, withinMs: Number(process.env.BENCH_RETRIEVAL_MS ?? 60_000) };
/** About what a 16,000-token window leaves the knowledge of a short question (half of what is left). */
const BUDGET_TOKENS = 6_000;
const TURN = { warmup: 10, rounds: Number(process.env.BENCH_ROUNDS ?? 50) };
const UPSTREAM = { latencyMs: 50, tokenDelayMs: 5 };
const REPLY_TEXT = 'The answer is in the knowledge files.';
const DEADLINE_MS = 10 * 60_000;
const chosenDatabases = process.env.BENCH_DATABASES?.split(',') ?? ['embedded', 'postgresql'];
type TurnCase = Exclude<KnowledgeCase, 'corpus'>;
const CASES: Array<{ name: TurnCase; label: string }> = [
  { name: 'none', label: 'no knowledge' },
  { name: 'whole', label: 'a short file, read whole' },
  { name: 'pdf', label: 'the 300-page PDF, by passages' },
];

const median = (values: number[]) => percentile(values, 50);
const p50p99 = (values: number[]) => `${ms(percentile(values, 50))}  ${ms(percentile(values, 99))}`;
const row = (name: string, ...cells: string[]) => console.log(`${name.padEnd(60)}${cells.join('  ')}`);

type Agents = Record<KnowledgeCase, AgentDefinition>;

async function indexing(knowledge: KnowledgeInProcess, agents: Agents, agentsDir: string): Promise<void> {
  const runs: Array<Awaited<ReturnType<KnowledgeInProcess['index']>>> = [];
  const readingAlone: number[] = [];
  for (let i = 0; i < INDEX_RUNS; i++) {
    runs.push(await knowledge.index(knowledge.newIndexer(), agents.pdf));
    readingAlone.push(await knowledge.readOnly(join(agentsDir, PDF_FILE), 'survey.pdf'));
  }
  const { passages, tokens } = runs[0];
  const whole = median(runs.map((run) => run.ms));
  row(
    `index the 300-page PDF, median of ${INDEX_RUNS}`,
    `${ms(whole)}  (${passages} passages, ${tokens.toLocaleString('en-US')} tokens)`,
  );
  row('  of which reading it into passages', ms(median(readingAlone)));
  row('  of which storing the passages (the rest)', ms(whole - median(readingAlone)));
}

async function retrieval(knowledge: KnowledgeInProcess, agents: Agents): Promise<void> {
  const indexer = knowledge.newIndexer();
  const corpus = await knowledge.index(indexer, agents.corpus);
  row(
    `index ${HANDBOOKS} Markdown handbooks, once`,
    `${ms(corpus.ms)}  (${corpus.passages.toLocaleString('en-US')} passages, ${corpus.tokens.toLocaleString('en-US')} tokens)`,
  );
  const ground = knowledge.knowledge(indexer);
  // The kinds in turn, each question asked after the one before it (its recent conversation).
  const asks = Array.from({ length: QUESTIONS.max + QUESTIONS.warmup }, (_, n) => {
    const kind = QUERY_KINDS[n % QUERY_KINDS.length];
    return { kind, question: question(kind, Math.floor(n / QUERY_KINDS.length), corpus.passages) };
  });
  const samples = new Map<QueryKind, number[]>(QUERY_KINDS.map((kind) => [kind, []]));
  const read = new Map<string, number>();
  const stopAt = performance.now() + QUESTIONS.withinMs;
  for (let i = 0; i < asks.length && performance.now() < stopAt; i++) {
    const ask = { question: asks[i].question, recent: asks[i - 1]?.question ?? '' };
    const start = performance.now();
    const grounding = await ground.ground(agents.corpus, ask, BUDGET_TOKENS);
    const took = performance.now() - start;
    if (i < QUESTIONS.warmup) continue;
    samples.get(asks[i].kind)!.push(took);
    const how = grounding?.read.read ?? 'nothing';
    read.set(how, (read.get(how) ?? 0) + 1);
  }
  const all = [...samples.values()].flat();
  console.log('');
  console.log(
    `retrieval over ${corpus.passages.toLocaleString('en-US')} passages (AgentKnowledge.ground, within ` +
      `${BUDGET_TOKENS.toLocaleString('en-US')} tokens): ${all.length} questions after ${QUESTIONS.warmup} warm-ups ` +
      `(at most ${QUESTIONS.max}, as many as ${QUESTIONS.withinMs / 1000} s allow); read: ` +
      [...read].map(([how, count]) => `${how} ${count}`).join(', '),
  );
  row('', '         p50          p99   questions');
  for (const kind of QUERY_KINDS) row(`  ${kind}`, p50p99(samples.get(kind)!), String(samples.get(kind)!.length));
  row('  all', p50p99(all), String(all.length));
}

async function inProcess(label: string, db: DataSource, agents: Agents, agentsDir: string, dataDir: string) {
  console.log('');
  console.log(`knowledge, ${label}`);
  const knowledge = new KnowledgeInProcess(db, agentsDir, dataDir);
  await indexing(knowledge, agents, agentsDir);
  await retrieval(knowledge, agents);
}

/** The question of round `n`: a code of the handbooks and a finding of the PDF, the same for every agent. */
const turnQuestion = (n: number) => `What was found at ${codeOf(n * 37)}, and at finding ${1 + ((n * 7) % 300)}?`;

async function turns(
  cleanup: Cleanup,
  fake: RemoteFakeOpenAI,
  label: string,
  env: Record<string, string>,
): Promise<void> {
  const scope = cleanup.scope(`the ${label} server`);
  try {
    const server = await startBenchServer(scope, {
      OPENAI_API_KEY: BENCH_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      ...env,
    });
    const cookie = await accessCookie(server.base);
    for (const { name } of CASES)
      if (name !== 'none') await knowledgeReady(server.base, cookie, KNOWLEDGE_AGENTS[name]);
    await fake.reset();
    await fake.scriptStreamed(REPLY_TEXT, (TURN.warmup + TURN.rounds) * CASES.length);
    const times = Object.fromEntries(CASES.map(({ name }) => [name, [] as KnowledgeTurn[]])) as Record<
      TurnCase,
      KnowledgeTurn[]
    >;
    let done = 0;
    const path = (name: TurnCase) => async () => {
      const round = Math.floor(done / CASES.length);
      times[name].push(await knowledgeTurn(server.base, cookie, KNOWLEDGE_AGENTS[name], turnQuestion(round)));
      await afterSummaries(fake, ++done);
    };
    await compareSequential(
      Object.fromEntries(CASES.map(({ name }) => [name, path(name)])) as Record<TurnCase, () => Promise<void>>,
      TURN,
    );
    printTurns(label, times);
  } finally {
    await scope.run();
  }
}

function printTurns(label: string, times: Record<TurnCase, KnowledgeTurn[]>): void {
  const firstTokens = (name: TurnCase) => times[name].slice(-TURN.rounds).map((turn) => turn.firstTokenMs);
  const none = firstTokens('none');
  console.log('');
  console.log(
    `first token of a streamed turn, ${label}: ${TURN.rounds} rounds after ${TURN.warmup} warm-ups, ` +
      `a ${WINDOW_TOKENS.toLocaleString('en-US')}-token window, the model's first token ${UPSTREAM.latencyMs} ms ` +
      `after its request`,
  );
  row('', '         p50          p99', '  added: p50          p99', ' median of per-round differences');
  for (const { name, label: what } of CASES) {
    const samples = firstTokens(name);
    const last = times[name].at(-1)!;
    const read = last.read ? ` (${last.read}, ${last.knowledgeTokens?.toLocaleString('en-US')} tokens)` : '';
    const added =
      name === 'none'
        ? ['', '']
        : [
            `${ms(percentile(samples, 50) - percentile(none, 50))}  ${ms(percentile(samples, 99) - percentile(none, 99))}`,
            ms(median(pairedDifferences(samples, none))),
          ];
    row(`  ${what}${read}`, p50p99(samples), ...added);
  }
}

async function onDatabase(
  cleanup: Cleanup,
  fake: RemoteFakeOpenAI,
  label: string,
  target: { url: string } | { dataDir: string },
  setup: { agents: Agents; agentsDir: string; root: string; serverTmp: string },
): Promise<void> {
  const dataDir = 'dataDir' in target ? target.dataDir : join(setup.root, 'data-pg');
  const embedded = 'dataDir' in target ? await startEmbeddedPostgres(target.dataDir) : undefined;
  const db = await openDataSource(embedded ?? { url: (target as { url: string }).url }, []);
  try {
    await inProcess(label, db, setup.agents, setup.agentsDir, dataDir);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
  // The server finds the files as the bench stored them (same hashes): it reads none of them again.
  await turns(cleanup, fake, label, {
    AGENTS_DIR: setup.agentsDir,
    DATA_DIR: dataDir,
    TMPDIR: setup.serverTmp,
    ...('url' in target && { DATABASE_URL: target.url }),
  });
}

runBench('knowledge bench', DEADLINE_MS, async (cleanup) => {
  // The indexer's "N passages read in M ms" lines would break the tables.
  Logger.overrideLogger(['error', 'warn']);
  const root = newDataDir('mb-bench-knowledge-');
  cleanup.add('the temporary directory', () => rmSync(root, { recursive: true, force: true }));
  const agentsDir = join(root, 'agents');
  const serverTmp = join(root, 'tmp');
  mkdirSync(agentsDir);
  mkdirSync(serverTmp);
  const setup = { agents: await writeKnowledgeAgents(agentsDir), agentsDir, root, serverTmp };
  const fake = await RemoteFakeOpenAI.start(cleanup, { ...UPSTREAM, acceptedKeys: [BENCH_KEY] });

  if (chosenDatabases.includes('embedded'))
    await onDatabase(cleanup, fake, 'embedded PostgreSQL (no DATABASE_URL)', { dataDir: join(root, 'data') }, setup);
  if (!chosenDatabases.includes('postgresql')) return;
  const schema = await createBenchSchema().catch((error: Error) => {
    console.log('');
    console.log(`!!! PostgreSQL at ${benchDatabaseUrl} is not usable, its run is MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  await onDatabase(cleanup, fake, 'PostgreSQL (DATABASE_URL, a schema of its own)', { url: schema.url }, setup);
});
