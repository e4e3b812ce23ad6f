import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import { newDataDir } from '../test/support/data-dirs';
import { benchDatabaseUrl, createBenchSchema } from './support/bench-database';
import {
  BENCH_AGENT,
  BENCH_KEY,
  accessCookie,
  compareSequential,
  loadGeneratorFlagsMissing,
  monotonicMs,
  ms,
  pairedDifferences,
  percentile,
  runBench,
  startBenchServer,
  startForwarder,
  type Cleanup,
} from './support/bench-kit';
import { RemoteFakeOpenAI } from './support/remote-fake-openai';

/**
 * What POST /v1/chat/completions (the OpenAI-compatible API, streamed, with a key) adds over the model service: from
 * the request sent, the first token and the whole answer (`data: [DONE]` and the end of the body), p50 and p99 over
 * ROUNDS sequential calls, beside the same upstream call made straight to the fake and through the bare Node forwarder
 * (bench-kit's startForwarder, as the streaming bench's one-shot comparison). Each round runs every path once, in
 * rotating order (compareSequential). The built server runs as `npm run serve` does, on the embedded database, then on
 * PostgreSQL; each call is kept as a chat, as /v1 does unless the client sends store: false.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP = 20;
/** Calls of ours, `concurrent` at a time, before the sequential warm-up: V8 optimizes a function only after many calls. */
const OPTIMIZE = { calls: 200, concurrent: 20 };
const UPSTREAM_FIRST_BYTE_MS = 50;
const UPSTREAM_TOKEN_GAP_MS = 10;
const REPLY_WORDS = 20;
const REPLY_TEXT = Array.from({ length: REPLY_WORDS }, (_, i) => `word${i + 1}`).join(' ');
const DEADLINE_MS = 10 * 60_000;
const chosenDatabases = process.env.BENCH_DATABASES?.split(',') ?? ['embedded', 'postgresql'];

type Path = 'direct' | 'bare' | 'ours';

interface StreamTimes {
  firstToken: number;
  whole: number;
  /** On monotonicMs(), the clock of the fake's records. */
  sentAt: number;
  firstTokenAt: number;
  /** The text of the user message sent. */
  content?: string;
}

/** One streamed call, read to its end: request sent -> the first chunk with text, and -> the end of the body. */
async function streamed(url: string, body: unknown, headers: Record<string, string>): Promise<StreamTimes> {
  const sentAt = monotonicMs();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200 || !res.body) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let firstTokenAt: number | undefined;
  let stream = '';
  for await (const piece of res.body) {
    stream += decoder.decode(piece as Uint8Array, { stream: true });
    if (firstTokenAt === undefined && /"content":"[^"]/.test(stream)) firstTokenAt = monotonicMs();
  }
  const endedAt = monotonicMs();
  const said = stream
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => (JSON.parse(line.slice(6)) as { choices: { delta?: { content?: string } }[] }).choices[0])
    .map((choice) => choice?.delta?.content ?? '')
    .join('');
  if (firstTokenAt === undefined || said !== REPLY_TEXT || !stream.trimEnd().endsWith('data: [DONE]'))
    throw new Error(`POST ${url} streamed ${JSON.stringify(stream.slice(0, 300))}`);
  return { firstToken: firstTokenAt - sentAt, whole: endedAt - sentAt, sentAt, firstTokenAt };
}

async function makeKey(base: string): Promise<string> {
  const res = await fetch(`${base}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await accessCookie(base) },
    body: JSON.stringify({ name: 'bench', agents: [BENCH_AGENT] }),
  });
  if (res.status !== 201) throw new Error(`POST /api/keys answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as CreatedApiKey).secret;
}

async function onServer(
  cleanup: Cleanup,
  fake: RemoteFakeOpenAI,
  forwarder: string,
  label: string,
  env: Record<string, string>,
): Promise<void> {
  const scope = cleanup.scope(`the ${label} run`);
  try {
    // Far above what the bench sends in a minute: the limit is not what is measured.
    const server = await startBenchServer(scope, {
      OPENAI_API_KEY: BENCH_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      API_KEY_RPM: '100000',
      ...env,
    });
    const key = await makeKey(server.base);
    await fake.reset();
    await fake.scriptStreamed(REPLY_TEXT, OPTIMIZE.calls + 1 + (WARMUP + ROUNDS) * 3);

    let call = 0;
    // A new conversation each call, as a client's new question is: each is a chat of its own.
    const ours = async (earlier: Array<{ role: string; content: string }> = []): Promise<StreamTimes> => {
      const content = `Hello ${++call}`;
      const body = { model: BENCH_AGENT, stream: true, messages: [...earlier, { role: 'user', content }] };
      return {
        ...(await streamed(`${server.base}/v1/chat/completions`, body, { authorization: `Bearer ${key}` })),
        content,
      };
    };
    await ours();
    // The exact body our server sends upstream, so every path asks the fake the same thing.
    const upstreamBody = (await fake.calls()).find((upstream) => upstream.streamed)?.body;
    if (!upstreamBody) throw new Error('the server sent no streamed completion request to the fake');
    for (let i = 0; i < OPTIMIZE.calls / OPTIMIZE.concurrent; i++)
      // Each with an earlier exchange of its own: two calls at once that start from the same conversation can meet
      // one chat, and one of them is refused (409).
      await Promise.all(
        Array.from({ length: OPTIMIZE.concurrent }, (_, k) =>
          ours([
            { role: 'user', content: `Warm-up ${i}.${k}` },
            { role: 'assistant', content: 'Ready.' },
          ]),
        ),
      );
    await fake.idle();

    const path = new URL(fake.baseUrl).pathname;
    const auth = { authorization: `Bearer ${BENCH_KEY}` };
    const callOf: Record<Path, () => Promise<StreamTimes>> = {
      direct: () => streamed(`${fake.baseUrl}/chat/completions`, upstreamBody, auth),
      bare: () => streamed(`${forwarder}${path}/chat/completions`, upstreamBody, auth),
      ours: () => ours(),
    };
    // compareSequential times each call whole; the two times of each come from the call itself, in the same order.
    const times: Record<Path, StreamTimes[]> = { direct: [], bare: [], ours: [] };
    const recorded = (name: Path) => async () => void times[name].push(await callOf[name]());
    await compareSequential(
      { direct: recorded('direct'), bare: recorded('bare'), ours: recorded('ours') },
      { warmup: WARMUP, rounds: ROUNDS },
    );
    const measured = (name: Path, which: 'firstToken' | 'whole') => times[name].slice(-ROUNDS).map((t) => t[which]);
    // Where our first token's time goes: before the model call reaches the fake, and from the fake's first token on.
    await fake.idle();
    const upstream = new Map((await fake.calls()).filter((c) => c.streamed).map((c) => [c.userContent, c]));
    const split = times.ours.slice(-ROUNDS).map((t) => {
      const reached = upstream.get(t.content!);
      if (!reached?.tokensSentAt.length) throw new Error(`the fake has no streamed call for ${t.content}`);
      return { untilModelCall: reached.receivedAt - t.sentAt, relay: t.firstTokenAt - reached.tokensSentAt[0] };
    });
    print(label, measured, {
      untilModelCall: split.map((s) => s.untilModelCall),
      relay: split.map((s) => s.relay),
    });
  } finally {
    await scope.run();
  }
}

function print(
  label: string,
  measured: (name: Path, which: 'firstToken' | 'whole') => number[],
  split: { untilModelCall: number[]; relay: number[] },
): void {
  const row = (name: string, cells: string) => console.log(`${name.padEnd(56)}${cells}`);
  const p = (values: number[]) => `${ms(percentile(values, 50))}  ${ms(percentile(values, 99))}`;
  console.log('');
  console.log(`streamed POST /v1/chat/completions, ${label}: ${ROUNDS} sequential rounds of the three paths`);
  row('', '         p50          p99');
  for (const [which, what] of [
    ['firstToken', 'first token'],
    ['whole', 'whole answer'],
  ] as const) {
    const direct = measured('direct', which);
    const bare = measured('bare', which);
    const ours = measured('ours', which);
    const added = (values: number[]) =>
      `${ms(percentile(values, 50) - percentile(direct, 50))}  ${ms(percentile(values, 99) - percentile(direct, 99))}`;
    row(`${what}: straight from the fake`, p(direct));
    row(`${what}: through the bare Node forwarder`, p(bare));
    row(`${what}: through /v1 (ours)`, p(ours));
    row(`  added by the bare forwarder (over direct)`, added(bare));
    row(`  added by /v1 (over direct)`, added(ours));
    if (which === 'firstToken') {
      row(`    /v1: request sent -> the model call at the fake`, p(split.untilModelCall));
      row(`    /v1: the fake's first token -> the client's`, p(split.relay));
    }
    row(
      `  added, median of per-round differences: bare / ours`,
      `${ms(percentile(pairedDifferences(bare, direct), 50))}  ${ms(percentile(pairedDifferences(ours, direct), 50))}`,
    );
  }
}

runBench('OpenAI-compatible API bench', DEADLINE_MS, async (cleanup) => {
  const root = newDataDir('mb-bench-openai-api-');
  cleanup.add('the temporary directory', () => rmSync(root, { recursive: true, force: true }));
  const serverTmp = join(root, 'tmp');
  mkdirSync(serverTmp);
  const fake = await RemoteFakeOpenAI.start(cleanup, {
    latencyMs: UPSTREAM_FIRST_BYTE_MS,
    tokenDelayMs: UPSTREAM_TOKEN_GAP_MS,
    acceptedKeys: [BENCH_KEY],
  });
  const forwarder = await startForwarder(cleanup, fake.baseUrl);
  console.log('');
  console.log(
    `OpenAI-compatible API bench: the fake model service streams ${REPLY_WORDS} words ${UPSTREAM_TOKEN_GAP_MS} ms apart, ` +
      `the first byte ${UPSTREAM_FIRST_BYTE_MS} ms after the request; ${OPTIMIZE.calls} calls of ours ` +
      `${OPTIMIZE.concurrent} at a time, then ${WARMUP} warm-up calls of each path, before the rounds`,
  );
  if (loadGeneratorFlagsMissing.length)
    console.log(
      `(note: the bench client runs without ${loadGeneratorFlagsMissing.join(' ')}: run it as npm run bench does)`,
    );

  if (chosenDatabases.includes('embedded'))
    await onServer(cleanup, fake, forwarder, 'embedded PostgreSQL (no DATABASE_URL)', {
      DATA_DIR: join(root, 'data'),
      TMPDIR: serverTmp,
    });
  if (!chosenDatabases.includes('postgresql')) return;
  const schema = await createBenchSchema().catch((error: Error) => {
    console.log('');
    console.log(`!!! PostgreSQL at ${benchDatabaseUrl} is not usable, its run is MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  await onServer(cleanup, fake, forwarder, 'PostgreSQL (DATABASE_URL, a schema of its own)', {
    DATABASE_URL: schema.url,
    DATA_DIR: join(root, 'data-pg'),
    TMPDIR: serverTmp,
  });
});
