import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newDataDir } from '../test/support/data-dirs';
import { serveCommand } from '../test/support/server-process';
import { createBenchSchema, benchDatabaseUrl } from './support/bench-database';
import {
  accessCookie,
  monotonicMs,
  percentile,
  runBench,
  sleep,
  startBenchServer,
  startForwarder,
  BENCH_KEY,
  type Cleanup,
} from './support/bench-kit';
import { RemoteFakeOpenAI } from './support/remote-fake-openai';
import {
  REPLY_TEXT,
  REPLY_TOKENS,
  UPSTREAM_FIRST_BYTE_MS,
  UPSTREAM_TOKEN_GAP_MS,
  streamDirect,
  streamTurn,
} from './support/stream-clients';

/**
 * What a freshly started server costs and how it meets its first crowd, per database: the memory of the app
 * and its embedded database right after boot and after 200 new chats at once, and that first burst's
 * first-token p99 beside a bare Node relay's (a fresh process too: same fake, no access check, no database).
 * Targets of the issue that made PostgreSQL the embedded engine: at most 300 MB, within 300 ms of the relay.
 */
const BURST = 200;
const MEMORY_TARGET_MB = 300;
const OVER_RELAY_TARGET_MS = 300;
const SETTLE_MS = 5_000;
const DEADLINE_MS = 5 * 60_000;

/** The process and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** kB of a /proc/<pid>/smaps_rollup field. */
function rollup(pid: number, field: 'Rss' | 'Pss'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

interface Memory {
  /** The app's own resident memory. */
  appMb: number;
  /** App and database processes together, shared pages counted once (proportional set size). */
  treeMb: number;
  processes: number;
}

function memoryOf(pid: number): Memory {
  const tree = processTree(pid);
  const sum = (pids: number[], field: 'Rss' | 'Pss') => pids.reduce((total, p) => total + rollup(p, field), 0) / 1024;
  return { appMb: rollup(pid, 'Rss') / 1024, treeMb: sum(tree, 'Pss'), processes: tree.length };
}

const mb = (value: number) => `${value.toFixed(0).padStart(5)} MB`;
const describe = (memory: Memory) =>
  `app ${mb(memory.appMb)} RSS; app and database ${mb(memory.treeMb)} (PSS, ${memory.processes} processes)`;

function firstTokens(outcomes: Array<number | string>, what: string): number[] {
  const failures = outcomes.filter((outcome) => typeof outcome === 'string');
  if (failures.length) {
    console.log(`!!! ${failures.length} of ${outcomes.length} ${what} failed, e.g. ${failures[0]}`);
    process.exitCode = 1;
  }
  return outcomes.filter((outcome) => typeof outcome === 'number');
}

async function relayBurst(cleanup: Cleanup, fake: RemoteFakeOpenAI): Promise<number[]> {
  const scope = cleanup.scope('the relay');
  try {
    const relay = await startForwarder(scope, fake.baseUrl);
    await fake.reset();
    await fake.scriptStreamed(REPLY_TEXT, BURST);
    const path = new URL(fake.baseUrl).pathname;
    const contents = Array.from({ length: BURST }, (_, i) => `relay turn ${i + 1}`);
    const outcomes = await Promise.all(contents.map((content) => streamDirect(`${relay}${path}`, content)));
    await fake.idle();
    return firstTokens(outcomes, 'relayed streams');
  } finally {
    await scope.run();
  }
}

async function serverBurst(
  cleanup: Cleanup,
  fake: RemoteFakeOpenAI,
  label: string,
  env: Record<string, string>,
): Promise<void> {
  const scope = cleanup.scope(`the ${label} server`);
  try {
    const relay = await relayBurst(cleanup, fake);
    const startedAt = monotonicMs();
    const server = await startBenchServer(scope, { OPENAI_API_KEY: BENCH_KEY, OPENAI_BASE_URL: fake.baseUrl, ...env });
    const bootMs = monotonicMs() - startedAt;
    const cookie = await accessCookie(server.base);
    await sleep(SETTLE_MS);
    const afterBoot = memoryOf(server.pid);

    await fake.reset();
    await fake.scriptStreamed(REPLY_TEXT, BURST);
    const contents = Array.from({ length: BURST }, (_, i) => `first burst turn ${i + 1}`);
    const turns = await Promise.all(contents.map((content) => streamTurn(server.base, cookie, content)));
    const ours = firstTokens(
      turns.map((turn) => turn.failure ?? (turn.tokenAt[0] ?? NaN) - turn.sentAt),
      'turns through our server',
    );
    await fake.idle();
    await sleep(SETTLE_MS);
    const afterBurst = memoryOf(server.pid);

    const [ourP99, relayP99] = [percentile(ours, 99), percentile(relay, 99)];
    const over = ourP99 - relayP99;
    console.log('');
    console.log(`${label}: started in ${bootMs.toFixed(0)} ms (to "Open http" on its output)`);
    console.log(`  idle after boot:        ${describe(afterBoot)}`);
    console.log(`  idle after the burst:   ${describe(afterBurst)}`);
    const peak = Math.max(afterBoot.treeMb, afterBurst.treeMb);
    console.log(
      `  target: at most ${MEMORY_TARGET_MB} MB idle: ${peak <= MEMORY_TARGET_MB ? 'met' : 'NOT MET'} (${mb(peak).trim()})`,
    );
    console.log(
      `  first ${BURST}-chat burst after boot, first token p50/p99: ours ${percentile(ours, 50).toFixed(0)}/${ourP99.toFixed(0)} ms, ` +
        `bare relay ${percentile(relay, 50).toFixed(0)}/${relayP99.toFixed(0)} ms: ` +
        `+${over.toFixed(0)} ms at p99 (target < ${OVER_RELAY_TARGET_MS}: ${over < OVER_RELAY_TARGET_MS ? 'met' : 'NOT MET'})`,
    );
  } finally {
    await scope.run();
  }
}

runBench('boot bench', DEADLINE_MS, async (cleanup) => {
  const root = newDataDir('mb-bench-boot-');
  cleanup.add('the temporary directory', () => rmSync(root, { recursive: true, force: true }));
  const serverTmp = join(root, 'tmp');
  mkdirSync(serverTmp);
  const fake = await RemoteFakeOpenAI.start(cleanup, {
    latencyMs: UPSTREAM_FIRST_BYTE_MS,
    tokenDelayMs: UPSTREAM_TOKEN_GAP_MS,
    acceptedKeys: [BENCH_KEY],
  });
  console.log('');
  console.log(
    `boot bench: a fresh server process (${serveCommand.join(' ')}) per database, idle ${SETTLE_MS / 1000} s after boot, then ` +
      `${BURST} new chats at once (the fake: first byte ${UPSTREAM_FIRST_BYTE_MS} ms, ${REPLY_TOKENS} tokens ` +
      `${UPSTREAM_TOKEN_GAP_MS} ms apart), then idle ${SETTLE_MS / 1000} s; just before each, the same burst through a fresh bare relay`,
  );

  await serverBurst(cleanup, fake, 'embedded PostgreSQL (no DATABASE_URL)', {
    DATA_DIR: join(root, 'data'),
    TMPDIR: serverTmp,
  });

  const schema = await createBenchSchema().catch((error: Error) => {
    console.log(`!!! PostgreSQL at ${benchDatabaseUrl} is not usable, its run is MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  await serverBurst(cleanup, fake, 'PostgreSQL (DATABASE_URL; the database server is not counted)', {
    DATABASE_URL: schema.url,
    DATA_DIR: join(root, 'data-pg'),
    TMPDIR: serverTmp,
  });
});
