import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { FakeOpenAI } from '../test/fakes/fake-openai';
import { readEvents } from '../test/support/sse-events';
import { serveCommand } from '../test/support/server-process';
import {
  BENCH_AGENT,
  BENCH_KEY,
  accessCookie,
  compareSequential,
  ms,
  pairedDifferences,
  percentile,
  postJson,
  runBench,
  startBenchServer,
  timed,
  until,
} from './support/bench-kit';
import { newDataDir } from '../test/support/data-dirs';

/**
 * What our server adds on top of the model service, against the design's targets:
 * a one-shot completion should cost < 2 ms (p50) more than calling the service directly,
 * and a streamed turn should pass the first token on within 10 ms of receiving it.
 * The built server runs in a child process as `npm start` does (embedded PostgreSQL database);
 * the fake model service runs in this process, so its timestamps share our clock.
 */
const LATENCY_MS = 20;
const TOKEN_DELAY_MS = 5;
const WARMUP = 30;
const PAIRS = 300;
const TURNS = 100;
const TURN_WARMUP = 5;
const HEALTH_RUNS = 100;
const ADDED_TARGET_MS = 2;
const FIRST_TOKEN_TARGET_MS = 10;
const DEADLINE_MS = 5 * 60_000;

const verdict = (value: number, target: number) => `target < ${target} ms: ${value < target ? 'met' : 'NOT met'}`;
const row = (label: string, ...cells: string[]) => console.log(`${label.padEnd(56)} ${cells.join(' ')}`);

interface TurnTiming {
  sessionId: string;
  /** performance.now() when the request was sent / the first token event was parsed. */
  start: number;
  firstToken: number;
}

/** One streaming turn, read incrementally like a browser does; resolves once the stream ends with done. */
async function streamTurn(base: string, cookie: string, content: string): Promise<TurnTiming> {
  const start = performance.now();
  const res = await fetch(`${base}/api/chat/turns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ agentType: BENCH_AGENT, content }),
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`POST /api/chat/turns answered ${res.status}: ${await res.text()}`);
  let sessionId: string | undefined;
  let firstToken: number | undefined;
  let ended: string | undefined;
  for await (const event of readEvents(res.body)) {
    if (event.type === 'token' && firstToken === undefined) firstToken = performance.now();
    if (event.type === 'session') sessionId = event.session.id;
    if (event.type === 'error') throw new Error(`turn failed: ${event.code}: ${event.message}`);
    if (event.type === 'done' || event.type === 'stopped') {
      ended = event.type;
      break;
    }
  }
  if (ended !== 'done') throw new Error(`turn ended with ${ended ?? 'the stream closing'}, not done`);
  if (firstToken === undefined || !sessionId) throw new Error('turn streamed no token or no session');
  return { sessionId, start, firstToken };
}

runBench('conversation bench', DEADLINE_MS, async (cleanup) => {
  const dataDir = newDataDir('mb-bench-conv-');
  cleanup.add('the data directory', () => rmSync(dataDir, { recursive: true, force: true }));
  const fake = await FakeOpenAI.start({
    latencyMs: LATENCY_MS,
    tokenDelayMs: TOKEN_DELAY_MS,
    acceptedKeys: [BENCH_KEY],
  });
  cleanup.add('the fake model service', () => fake.close());
  const { base } = await startBenchServer(cleanup, {
    DATA_DIR: dataDir,
    OPENAI_API_KEY: BENCH_KEY,
    OPENAI_BASE_URL: fake.baseUrl,
  });
  const cookie = await accessCookie(base);

  console.log('');
  console.log(
    `conversation latency: built server (${serveCommand.join(' ')}) in a child process, embedded PostgreSQL database,`,
  );
  console.log(
    `fake model service in the bench process (latency ${LATENCY_MS} ms, ${TOKEN_DELAY_MS} ms between streamed tokens), keep-alive HTTP`,
  );

  // 1. One-shot completion: through our server vs. the same request straight to the fake.
  const viaBody = { agentType: BENCH_AGENT, messages: [{ role: 'user', content: 'Hello' }] };
  const via = () => postJson(`${base}/api/chat/completions`, viaBody, { cookie }).then(() => undefined);
  fake.reset();
  await via();
  // The exact body our server sends upstream, so both paths ask the fake the same thing.
  const directBody = fake.completionRequests()[0]?.body as { messages?: unknown[] } | undefined;
  if (!directBody?.messages?.length) throw new Error('the server sent no completion request to the fake');
  const direct = () =>
    postJson(`${fake.baseUrl}/chat/completions`, directBody, { authorization: `Bearer ${BENCH_KEY}` }).then(
      () => undefined,
    );
  const health = () =>
    fetch(`${base}/api/health`).then(async (res) => {
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status}`);
    });

  for (let i = 0; i < WARMUP; i++) await health();
  const { direct: directMs, via: viaMs } = await compareSequential({ direct, via }, { warmup: WARMUP, rounds: PAIRS });
  const healthMs: number[] = [];
  for (let i = 0; i < HEALTH_RUNS; i++) healthMs.push(await timed(health));
  const added50 = percentile(viaMs, 50) - percentile(directMs, 50);
  const added99 = percentile(viaMs, 99) - percentile(directMs, 99);
  const paired50 = percentile(pairedDifferences(viaMs, directMs), 50);

  console.log('');
  console.log(`POST /api/chat/completions, ${PAIRS} interleaved pairs after ${WARMUP} warm-up calls each`);
  row('', '     p50    ', '     p99    ');
  row('direct to the fake model service', ms(percentile(directMs, 50)), ms(percentile(directMs, 99)));
  row('through our server', ms(percentile(viaMs, 50)), ms(percentile(viaMs, 99)));
  row('added by our server (via - direct)', ms(added50), ms(added99));
  row('added, median of paired differences', ms(paired50));
  row('ratio p50(via) / p50(direct)', `${(percentile(viaMs, 50) / percentile(directMs, 50)).toFixed(3).padStart(8)}`);
  row(`GET /api/health round trip (${HEALTH_RUNS} runs)`, ms(percentile(healthMs, 50)), ms(percentile(healthMs, 99)));
  console.log(`added latency p50 ${added50.toFixed(2)} ms, ${verdict(added50, ADDED_TARGET_MS)}`);

  // 2. Streaming turn: when our client sees the first token vs. when the fake sent it.
  const delays: number[] = [];
  const overheads: number[] = [];
  const untilModelCall: number[] = [];
  for (let i = -TURN_WARMUP; i < TURNS; i++) {
    fake.reset();
    const turn = await streamTurn(base, cookie, 'Hello there');
    const sentAt = fake.firstTokenSentAt[0];
    const streamed = fake.streamedRequests()[0];
    if (sentAt === undefined || !streamed) throw new Error('the fake streamed no token for this turn');
    if (i >= 0) {
      delays.push(turn.firstToken - sentAt);
      overheads.push(turn.firstToken - turn.start - LATENCY_MS);
      untilModelCall.push(streamed.receivedAt - turn.start);
    }
    // The server refreshes the session summary after each reply (a plain completion, then a save):
    // let it finish so the next turn is measured on a quiet server.
    await until(() => fake.plainRequests().length > 0, 'the background summary call');
    await fake.idle();
    await until(async () => {
      const res = await fetch(`${base}/api/chat/sessions/${turn.sessionId}`, { headers: { cookie } });
      const session = (await res.json()) as { summary?: string | null };
      return res.status === 200 && Boolean(session.summary);
    }, 'the summary to be saved');
  }
  const maxDelay = Math.max(...delays);

  console.log('');
  console.log(
    `POST /api/chat/turns (server-sent events), ${TURNS} turns after ${TURN_WARMUP} warm-up turns, each in a new session`,
  );
  row('', '     p50    ', '     p99    ', '     max    ');
  row(
    'first token: fake sent -> our client parsed',
    ms(percentile(delays, 50)),
    ms(percentile(delays, 99)),
    ms(maxDelay),
  );
  row(
    'turn start overhead (includes saving the user message)',
    ms(percentile(overheads, 50)),
    ms(percentile(overheads, 99)),
    ms(Math.max(...overheads)),
  );
  row(`  = request sent -> first token parsed, minus ${LATENCY_MS} ms`);
  row(
    '  of which: request sent -> model call at the fake',
    ms(percentile(untilModelCall, 50)),
    ms(percentile(untilModelCall, 99)),
    ms(Math.max(...untilModelCall)),
  );
  const delay99 = percentile(delays, 99);
  console.log(
    `first-token delay p99 ${delay99.toFixed(2)} ms, ${verdict(delay99, FIRST_TOKEN_TARGET_MS)}; max ${maxDelay.toFixed(2)} ms, ${verdict(maxDelay, FIRST_TOKEN_TARGET_MS)}`,
  );
});
