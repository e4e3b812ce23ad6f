import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { readEvents } from '../test/support/sse-events';
import { createBenchSchema, benchDatabaseUrl, type BackendCpuMeter } from './support/bench-database';
import {
  BENCH_AGENT,
  BENCH_KEY,
  accessCookie,
  compareSequential,
  monotonicMs,
  ms,
  pairedDifferences,
  percentile,
  postJson,
  processCpuMs,
  runBench,
  sleep,
  spawnBenchChild,
  startBenchServer,
  type BenchServer,
  type Cleanup,
} from './support/bench-kit';
import { cpuProfileDir, cpuProfilePreload, profileServer, summarizeProfile } from './support/cpu-profile';
import { RemoteFakeOpenAI, type UpstreamCall } from './support/remote-fake-openai';

/**
 * The streaming hot path of one server process (design sections 8 and 10): many chats streaming at
 * once through POST /api/chat/turns, on the embedded database and on PostgreSQL. For each, the time
 * our server adds between the model service's first token and the browser's, the gaps between tokens
 * the browser sees, and the server's CPU time per token relayed. Then the one-shot
 * POST /api/chat/completions against a bare Node forwarder and a direct call.
 *
 * Four processes: this one (the clients), the fake model service (test/fakes, a child), the built
 * server (a child, as `npm run serve` runs it) and, for the one-shot comparison, the bare forwarder
 * (a child). Times cross processes on CLOCK_MONOTONIC.
 */
const UPSTREAM_FIRST_BYTE_MS = 50;
const UPSTREAM_TOKEN_GAP_MS = 20;
const REPLY_TOKENS = 80;
/** One word per token: the fake streams a text word by word. */
const REPLY_TEXT = Array.from({ length: REPLY_TOKENS }, (_, i) => `word${i + 1}`).join(' ');
/** Concurrency 1 is repeated to have more than one sample; each round waits for the previous one's background work. */
const LEVELS = [
  { concurrency: 1, rounds: 20 },
  { concurrency: 50, rounds: 1 },
  { concurrency: 200, rounds: 1 },
];
const MAX_CONCURRENCY = Math.max(...LEVELS.map((level) => level.concurrency));
const WARMUP = { concurrency: 20, rounds: 2 };
const TURN_TIMEOUT_MS = 60_000;
const ONE_SHOT = { warmup: 20, rounds: 200 };
const DEADLINE_MS = 10 * 60_000;
const FIRST_TOKEN_TARGET_MS = 10;
const ADDED_TARGET_MS = 2;

interface TurnOutcome {
  content: string;
  sentAt: number;
  /** When each token event was parsed. */
  tokenAt: number[];
  text: string;
  failure?: string;
}

/** One streaming turn in a new chat, read as a browser does, to the end of the stream. */
async function streamTurn(base: string, cookie: string, content: string): Promise<TurnOutcome> {
  const outcome: TurnOutcome = { content, sentAt: monotonicMs(), tokenAt: [], text: '' };
  try {
    const res = await fetch(`${base}/api/chat/turns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ agentType: BENCH_AGENT, content }),
      signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
    });
    if (res.status !== 200 || !res.body) {
      outcome.failure = `answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
      return outcome;
    }
    let ending: string | undefined;
    for await (const event of readEvents(res.body)) {
      if (event.type === 'token') {
        outcome.tokenAt.push(monotonicMs());
        outcome.text += event.text;
      } else if (event.type === 'error') ending = `error event ${event.code}: ${event.message}`;
      else if (event.type === 'done' || event.type === 'stopped') ending = event.type;
    }
    if (ending !== 'done') outcome.failure = `stream ended with ${ending ?? 'no ending event'}`;
    else if (outcome.text !== REPLY_TEXT)
      outcome.failure = `relayed ${tokenCount(outcome.text)} of ${REPLY_TOKENS} tokens or altered them`;
  } catch (error) {
    outcome.failure = `${(error as Error).name}: ${(error as Error).message}`;
  }
  return outcome;
}

const tokenCount = (text: string) => text.match(/\S+\s*/g)?.length ?? 0;
const gaps = (times: number[]) => times.slice(1).map((at, i) => at - times[i]);

interface LevelResult {
  concurrency: number;
  rounds: number;
  turns: number;
  failures: string[];
  firstTokenOverUpstream: number[];
  /** Request sent -> first token at the client: what a user waits. */
  firstTokenFromRequest: number[];
  clientGaps: number[];
  upstreamGaps: number[];
  /** Request sent -> the model call reaching the fake: the server's work before the model (incl. saving the user message). */
  untilModelCall: number[];
  tokens: number;
  tokenEvents: number;
  wallMs: number;
  serverCpuMs: number;
  /** Including the background work the turns left (the summaries), once it settled. */
  serverCpuWithBackgroundMs: number;
  dbCpuMs?: number;
  benchCpuMs: number;
  fakeCpuMs: number;
  /** BENCH_CPU_PROFILE: the summary of the server's profile at the highest concurrency. */
  profile?: string[];
}

interface Target {
  label: string;
  server: BenchServer;
  fake: RemoteFakeOpenAI;
  cookie: string;
  /** PostgreSQL: a new meter of the server's backends' CPU time. */
  meterDatabase?: () => BackendCpuMeter;
  /** BENCH_CPU_PROFILE: where the server writes a profile, and the name to keep it under. */
  profile?: { rawFile: string; keepAs: string };
}

const cpuOf = (pid: number) => processCpuMs(pid) ?? NaN;
const benchCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Waits until the turns' background work (one summary call per finished turn) is done and the server is idle. */
async function settle(target: Target, summaries: number): Promise<void> {
  const deadline = monotonicMs() + 60_000;
  while ((await target.fake.counts()).plain < summaries) {
    if (monotonicMs() > deadline) {
      console.log(`  (note: fewer than ${summaries} summary calls arrived within 60 s; going on)`);
      break;
    }
    await sleep(50);
  }
  await target.fake.idle();
  // The summary is saved after the call: wait for a quiet server (at most a clock tick in 200 ms).
  for (let previous = cpuOf(target.server.pid), i = 0; i < 50; i++) {
    await sleep(200);
    const now = cpuOf(target.server.pid);
    if (now - previous <= 10) return;
    previous = now;
  }
  console.log('  (note: the server did not become idle within 10 s; going on)');
}

async function runLevel(
  target: Target,
  { concurrency, rounds }: { concurrency: number; rounds: number },
  tag: string,
): Promise<LevelResult> {
  const result: LevelResult = {
    concurrency,
    rounds,
    turns: 0,
    failures: [],
    firstTokenOverUpstream: [],
    firstTokenFromRequest: [],
    clientGaps: [],
    upstreamGaps: [],
    untilModelCall: [],
    tokens: 0,
    tokenEvents: 0,
    wallMs: 0,
    serverCpuMs: 0,
    serverCpuWithBackgroundMs: 0,
    benchCpuMs: 0,
    fakeCpuMs: 0,
  };
  const { server, fake, cookie } = target;
  for (let round = 0; round < rounds; round++) {
    await fake.reset();
    await fake.scriptStreamed(REPLY_TEXT, concurrency);
    const contents = Array.from({ length: concurrency }, (_, i) => `bench ${tag} round ${round + 1} turn ${i + 1}`);
    const database = target.meterDatabase?.();
    await database?.sample();
    const sampler = database && setInterval(() => void database.sample(), 250);
    const { profile } = target;
    const stopProfile =
      profile && concurrency === MAX_CONCURRENCY
        ? profileServer(server.pid, profile.rawFile, profile.keepAs)
        : undefined;
    const [cpu0, bench0, fake0] = [cpuOf(server.pid), benchCpuMs(), cpuOf(fake.pid)];
    const started = monotonicMs();
    const outcomes = await Promise.all(contents.map((content) => streamTurn(server.base, cookie, content)));
    const ended = monotonicMs();
    const [cpu1, bench1, fake1] = [cpuOf(server.pid), benchCpuMs(), cpuOf(fake.pid)];
    if (stopProfile) {
      const file = await stopProfile();
      result.profile = [
        ...summarizeProfile(file),
        `(the whole profile: ${file}; the profiler's own cost is in this column's times and CPU figures)`,
      ];
    }
    clearInterval(sampler);
    await database?.sample();
    const dbAtEnd = database?.totalMs();
    const done = outcomes.filter((o) => !o.failure).length;
    await settle(target, done);
    const cpu2 = cpuOf(server.pid);

    const calls = new Map<string, UpstreamCall>();
    for (const call of await fake.calls()) if (call.streamed) calls.set(call.userContent, call);
    for (const outcome of outcomes) {
      const call = calls.get(outcome.content);
      result.tokens += tokenCount(outcome.text);
      result.tokenEvents += outcome.tokenAt.length;
      result.clientGaps.push(...gaps(outcome.tokenAt));
      if (call) {
        result.upstreamGaps.push(...gaps(call.tokensSentAt));
        result.untilModelCall.push(call.receivedAt - outcome.sentAt);
      }
      const failure =
        outcome.failure ??
        (call?.tokensSentAt.length ? undefined : 'the fake model service streamed nothing for this turn');
      if (failure) result.failures.push(`${outcome.content}: ${failure}`);
      else {
        result.firstTokenOverUpstream.push(outcome.tokenAt[0] - call!.tokensSentAt[0]);
        result.firstTokenFromRequest.push(outcome.tokenAt[0] - outcome.sentAt);
      }
    }
    result.turns += concurrency;
    result.wallMs += ended - started;
    result.serverCpuMs += cpu1 - cpu0;
    result.serverCpuWithBackgroundMs += cpu2 - cpu0;
    result.benchCpuMs += bench1 - bench0;
    result.fakeCpuMs += fake1 - fake0;
    if (dbAtEnd !== undefined) result.dbCpuMs = (result.dbCpuMs ?? 0) + dbAtEnd;
  }
  return result;
}

const cell = (value: string) => value.padStart(14);
const num = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function printLevels(label: string, results: LevelResult[]): void {
  console.log('');
  console.log(`streaming turns, ${label}`);
  const row = (name: string, values: (r: LevelResult) => string) =>
    console.log(`${name.padEnd(52)}${results.map((r) => cell(values(r))).join('')}`);
  const perK = (cpuMs: number, r: LevelResult) => num(r.tokens ? (cpuMs * 1000) / r.tokens : NaN);
  row('concurrent turns', (r) => (r.rounds > 1 ? `${r.concurrency} (x${r.rounds})` : String(r.concurrency)));
  row('turns completed / FAILED', (r) => `${r.turns - r.failures.length} / ${r.failures.length}`);
  row("first token over upstream's, p50 (ms)", (r) => num(percentile(r.firstTokenOverUpstream, 50)));
  row("first token over upstream's, p99 (ms)", (r) => num(percentile(r.firstTokenOverUpstream, 99)));
  row("first token over upstream's, max (ms)", (r) => num(Math.max(...r.firstTokenOverUpstream)));
  row('request sent -> first token at the client, p50 (ms)', (r) => num(percentile(r.firstTokenFromRequest, 50)));
  row('request sent -> first token at the client, p99 (ms)', (r) => num(percentile(r.firstTokenFromRequest, 99)));
  row('inter-token gap at the client, p50 (ms)', (r) => num(percentile(r.clientGaps, 50)));
  row('inter-token gap at the client, p99 (ms)', (r) => num(percentile(r.clientGaps, 99)));
  row("  (the fake's own gap, p99; nominal 20) (ms)", (r) => num(percentile(r.upstreamGaps, 99)));
  row('request sent -> model call at the fake, p50 (ms)', (r) => num(percentile(r.untilModelCall, 50)));
  row('request sent -> model call at the fake, p99 (ms)', (r) => num(percentile(r.untilModelCall, 99)));
  row('server CPU per 1,000 tokens relayed (ms)', (r) => perK(r.serverCpuMs, r));
  row("  the same with the turns' summaries (ms)", (r) => perK(r.serverCpuWithBackgroundMs, r));
  if (results.some((r) => r.dbCpuMs !== undefined))
    row("PostgreSQL backends' CPU per 1,000 tokens (ms)", (r) => perK(r.dbCpuMs ?? NaN, r));
  row('tokens relayed (token events)', (r) => `${r.tokens} (${r.tokenEvents})`);
  row('wall time, first request -> last stream end (s)', (r) => num(r.wallMs / 1000, 2));
  row('tokens relayed per second', (r) => num(r.tokens / (r.wallMs / 1000), 0));
  row('load generator CPU: bench clients / fake (ms)', (r) => `${num(r.benchCpuMs, 0)} / ${num(r.fakeCpuMs, 0)}`);
  for (const r of results) {
    if (r.profile) {
      console.log('');
      console.log(`at concurrency ${r.concurrency}, ${r.profile.join('\n')}`);
    }
    if (!r.failures.length) continue;
    console.log('');
    console.log(`!!! ${r.failures.length} FAILED TURNS of ${r.turns} at concurrency ${r.concurrency} (${label}):`);
    for (const failure of r.failures.slice(0, 10)) console.log(`!!!   ${failure}`);
    if (r.failures.length > 10) console.log(`!!!   ... and ${r.failures.length - 10} more`);
    process.exitCode = 1;
  }
  const quiet = results.find((r) => r.concurrency === 1);
  if (quiet) {
    const p99 = percentile(quiet.firstTokenOverUpstream, 99);
    console.log(
      `one turn at a time: first token p99 ${num(p99, 2)} ms over the upstream's, target < ${FIRST_TOKEN_TARGET_MS} ms: ${p99 < FIRST_TOKEN_TARGET_MS ? 'met' : 'NOT met'}`,
    );
  }
}

async function streamingRuns(target: Target): Promise<LevelResult[]> {
  // Warm-up (JIT, connection pools, the database's caches); its failures count like any other.
  const warmup = await runLevel(target, WARMUP, `${target.label} warm-up`);
  if (warmup.failures.length) {
    console.log(`!!! ${warmup.failures.length} warm-up turns failed, e.g. ${warmup.failures[0]}`);
    process.exitCode = 1;
  }
  const results: LevelResult[] = [];
  for (const level of LEVELS) results.push(await runLevel(target, level, `${target.label} c${level.concurrency}`));
  return results;
}

function startForwarder(cleanup: Cleanup, to: string): Promise<string> {
  const child: ChildProcess = spawnBenchChild(join(__dirname, 'support', 'bare-forwarder.ts'), { FORWARD_TO: to });
  cleanup.child('the bare forwarder', child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare forwarder did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the bare forwarder exited (${code})`)));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(`http://127.0.0.1:${message.port}`);
    });
  });
}

async function oneShot(cleanup: Cleanup, target: Target): Promise<void> {
  const { fake, server, cookie } = target;
  const ourBody = { agentType: BENCH_AGENT, messages: [{ role: 'user', content: 'Hello' }] };
  const ours = () => postJson(`${server.base}/api/chat/completions`, ourBody, { cookie }).then(() => undefined);
  await fake.reset();
  await ours();
  // The exact body our server sends upstream, so every path asks the fake the same thing.
  const upstreamBody = (await fake.calls()).find((call) => !call.streamed)?.body;
  if (!upstreamBody) throw new Error('the server sent no completion request to the fake');
  const forwarder = await startForwarder(cleanup, fake.baseUrl);
  const auth = { authorization: `Bearer ${BENCH_KEY}` };
  const path = new URL(fake.baseUrl).pathname;
  const samples = await compareSequential(
    {
      direct: () => postJson(`${fake.baseUrl}/chat/completions`, upstreamBody, auth).then(() => undefined),
      bare: () => postJson(`${forwarder}${path}/chat/completions`, upstreamBody, auth).then(() => undefined),
      ours,
    },
    ONE_SHOT,
  );
  const p = (values: number[]) => [ms(percentile(values, 50)), ms(percentile(values, 99))].join('  ');
  const added = (values: number[], q: number) => percentile(values, q) - percentile(samples.direct, q);
  const addedRow = (values: number[]) => [ms(added(values, 50)), ms(added(values, 99))].join('  ');
  const row = (name: string, cells: string) => console.log(`${name.padEnd(52)}${cells}`);
  console.log('');
  console.log(
    `one-shot POST /api/chat/completions (${target.label}): ${ONE_SHOT.rounds} sequential rounds of the three paths ` +
      `in rotating order, after ${ONE_SHOT.warmup} warm-up calls each; the fake answers ${UPSTREAM_FIRST_BYTE_MS} ms after the request`,
  );
  row('', '         p50          p99');
  row('direct to the fake', p(samples.direct));
  row('through the bare Node forwarder', p(samples.bare));
  row('through our server', p(samples.ours));
  row('added by the bare forwarder (over direct)', addedRow(samples.bare));
  row('added by our server (over direct)', addedRow(samples.ours));
  row(
    'added, median of per-round differences: bare / ours',
    `${ms(percentile(pairedDifferences(samples.bare, samples.direct), 50))}  ${ms(percentile(pairedDifferences(samples.ours, samples.direct), 50))}`,
  );
  const ours50 = added(samples.ours, 50);
  console.log(
    `our added latency p50 ${num(ours50, 2)} ms, target < ${ADDED_TARGET_MS} ms: ${ours50 < ADDED_TARGET_MS ? 'met' : 'NOT met'}`,
  );
}

async function onServer(
  cleanup: Cleanup,
  fake: RemoteFakeOpenAI,
  label: string,
  env: Record<string, string> & { TMPDIR: string },
  extra: { meterDatabase?: () => BackendCpuMeter; oneShot?: boolean } = {},
): Promise<void> {
  // This server (and the forwarder) stop before the next database's server starts.
  const scope = cleanup.scope(`the ${label} run`);
  try {
    const profile = cpuProfileDir && {
      rawFile: join(env.TMPDIR, 'server.cpuprofile'),
      keepAs: join(cpuProfileDir, `server-${label.split(' ')[0].toLowerCase()}-c${MAX_CONCURRENCY}.cpuprofile`),
    };
    const server = await startBenchServer(scope, {
      OPENAI_API_KEY: BENCH_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      ...env,
      ...(profile && { NODE_OPTIONS: `--require ${cpuProfilePreload}`, BENCH_CPU_PROFILE_FILE: profile.rawFile }),
    });
    console.log('');
    console.log(`${label}: load average ${loadavg()[0].toFixed(2)} (1 min) on ${cpus().length} CPUs before the runs`);
    const target: Target = {
      profile: profile || undefined,
      label,
      server,
      fake,
      cookie: await accessCookie(server.base),
      meterDatabase: extra.meterDatabase,
    };
    const results = await streamingRuns(target);
    printLevels(label, results);
    if (extra.oneShot) await oneShot(scope, target);
  } finally {
    await scope.run();
  }
}

runBench('streaming bench', DEADLINE_MS, async (cleanup) => {
  const root = mkdtempSync(join(tmpdir(), 'mb-bench-stream-'));
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
  cleanup.add('the temporary directory', () => rmSync(root, { recursive: true, force: true }));
  // The server's own temporary files (the embedded database's socket) stay under root too.
  const serverTmp = join(root, 'tmp');
  mkdirSync(serverTmp);
  const fake = await RemoteFakeOpenAI.start(cleanup, {
    latencyMs: UPSTREAM_FIRST_BYTE_MS,
    tokenDelayMs: UPSTREAM_TOKEN_GAP_MS,
    acceptedKeys: [BENCH_KEY],
  });

  console.log('');
  console.log(
    `streaming bench: one server process (node api/dist/main.js); the fake model service streams ${REPLY_TOKENS} tokens ` +
      `${UPSTREAM_TOKEN_GAP_MS} ms apart, the first byte ${UPSTREAM_FIRST_BYTE_MS} ms after the request; ` +
      `each turn a new chat; warm-up ${WARMUP.rounds} x ${WARMUP.concurrency} turns per database`,
  );

  await onServer(
    cleanup,
    fake,
    'embedded PGlite (no DATABASE_URL)',
    { DATA_DIR: join(root, 'data'), TMPDIR: serverTmp },
    { oneShot: true },
  );

  const schema = await createBenchSchema().catch((error: Error) => {
    console.log('');
    console.log(`!!! PostgreSQL at ${benchDatabaseUrl} is not usable, its runs are MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  await onServer(
    cleanup,
    fake,
    'PostgreSQL (DATABASE_URL, a schema of its own)',
    {
      DATABASE_URL: schema.url,
      DATA_DIR: join(root, 'data-pg'),
      TMPDIR: serverTmp,
    },
    { meterDatabase: () => schema.backendCpu() },
  );
});
