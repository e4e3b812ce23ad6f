import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { docx } from '../test/fixtures/files/make-documents';
import { compressedJsonBody, pdfBomb, pngBomb } from '../test/fixtures/files/make-bombs';
import { benchDatabaseUrl, createBenchSchema } from './support/bench-database';
import {
  accessCookie,
  BENCH_KEY,
  monotonicMs,
  runBench,
  sleep,
  startBenchServer,
  type Cleanup,
} from './support/bench-kit';
import { mb, memoryOf } from './support/process-memory';
import { streamingBenchSetup } from './support/stream-clients';

/**
 * Small files and bodies that unpack huge, each sent to a fresh server (PostgreSQL, so every process the app
 * starts is its own): what it answered, how far the app's RSS rose above idle at its peak (VmHWM, exact), how far
 * the app and the processes it started rose together (PSS sampled every 20 ms: a decoding process that lives
 * less long may be missed, and is held to its memory limit by the kernel anyway), and what the app still holds
 * once it settled. The bound: no bomb may raise either by more than BOUND_MB, and the app must return near idle.
 */
const BOUND_MB = 256;
/** What the app may keep over idle afterwards: allocator and heap slack, not the bomb. */
const KEPT_MB = 64;
const AGENT = 'bench-uploads';
const SETTLE_MS = 3_000;
const SAMPLE_MS = 20;
const DEADLINE_MS = 15 * 60_000;
const MB = 1024 * 1024;

interface Answer {
  status: number;
  message: string;
}

interface Bomb {
  name: string;
  /** Builds what is sent (once, before any server starts). */
  make(): Promise<Buffer>;
  send(base: string, cookie: string, bytes: Buffer): Promise<Answer[]>;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let message = text.slice(0, 160);
  try {
    const body = JSON.parse(text) as { message?: string; error?: { message?: string } };
    message = body.error?.message ?? body.message ?? message;
  } catch {
    // not JSON: the text as it is
  }
  return { status: res.status, message };
}

const upload = (name: string, type: string) => async (base: string, cookie: string, bytes: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/api/chat/attachments?agentType=${AGENT}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  return [await answerOf(res)];
};

const importBodies = (count: number, encoding: string) => async (base: string, cookie: string, bytes: Buffer) =>
  Promise.all(
    Array.from({ length: count }, async () =>
      answerOf(
        await fetch(`${base}/api/chat/import`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'content-encoding': encoding },
          body: new Uint8Array(bytes),
        }),
      ),
    ),
  );

/** A Word document of varied paragraphs that unpacks to about `bytes` of XML, compressing as prose does. */
function bigDocx(bytes: number): Promise<Buffer> {
  const words = ['joist', 'rafter', 'mortar', 'lintel', 'gutter', 'screed', 'plaster', 'damp', 'flue', 'sill'];
  const paragraphs: { paragraph: string }[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const paragraph = Array.from({ length: 40 }, (_, j) => `${words[(i * 7 + j * 3) % 10]}${(i * 31 + j) % 997}`).join(
      ' ',
    );
    paragraphs.push({ paragraph });
    size += paragraph.length + 40;
  }
  return docx(paragraphs);
}

const BOMBS: Bomb[] = [
  { name: 'PDF, a content stream of 400 MB', make: () => pdfBomb(), send: upload('report.pdf', 'application/pdf') },
  {
    name: 'PNG 10,000 × 10,000, RGBA 16-bit, interlaced',
    make: () => pngBomb(),
    send: upload('photo.png', 'image/png'),
  },
  {
    name: 'JPEG 10,000 × 10,000, progressive',
    make: () =>
      sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#808080' } })
        .jpeg({ progressive: true, quality: 90 })
        .toBuffer(),
    send: upload('photo.jpg', 'image/jpeg'),
  },
  {
    name: 'DOCX, 45 MB of paragraphs',
    make: () => bigDocx(45 * MB),
    send: upload('notes.docx', 'application/octet-stream'),
  },
  {
    name: 'two gzip import bodies of 190 MB',
    make: () => compressedJsonBody(190 * MB, 'gzip'),
    send: importBodies(2, 'gzip'),
  },
  { name: 'a br import body of 190 MB', make: () => compressedJsonBody(190 * MB, 'br'), send: importBodies(1, 'br') },
];

/** Peak RSS of a process since its counter was last reset, in MB; resetting needs only to own the process. */
const peakRssMb = (pid: number) =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

interface Outcome {
  answers: Answer[];
  ms: number;
  appPeakMb: number;
  treePeakMb: number;
  appAfterMb: number;
}

async function explode(cleanup: Cleanup, bomb: Bomb, bytes: Buffer, env: Record<string, string>): Promise<Outcome> {
  const scope = cleanup.scope(`the server for ${bomb.name}`);
  try {
    const server = await startBenchServer(scope, { OPENAI_API_KEY: BENCH_KEY, ...env });
    const cookie = await accessCookie(server.base);
    await sleep(SETTLE_MS);
    const idle = memoryOf(server.pid);
    resetPeak(server.pid);
    let treePeak = idle.treeMb;
    const sampler = setInterval(() => (treePeak = Math.max(treePeak, memoryOf(server.pid).treeMb)), SAMPLE_MS);
    const started = monotonicMs();
    const answers = await bomb.send(server.base, cookie, bytes);
    const ms = monotonicMs() - started;
    clearInterval(sampler);
    const appPeakMb = peakRssMb(server.pid) - idle.appMb;
    await sleep(SETTLE_MS);
    return {
      answers,
      ms,
      appPeakMb,
      treePeakMb: treePeak - idle.treeMb,
      appAfterMb: memoryOf(server.pid).appMb - idle.appMb,
    };
  } finally {
    await scope.run();
  }
}

const cells = (...values: string[]) =>
  console.log(values.map((value, i) => (i ? value.padStart(i === 1 ? 8 : 14) : value.padEnd(56))).join(''));

runBench('bombs bench', DEADLINE_MS, async (cleanup) => {
  const { root, serverTmp } = await streamingBenchSetup(cleanup, 'mb-bench-bombs-');
  const schema = await createBenchSchema();
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  console.log('');
  console.log(
    `bombs bench: each sent to a fresh server on PostgreSQL (${new URL(benchDatabaseUrl).host}); growth over idle, ` +
      `bound ${BOUND_MB} MB at the peak, ${KEPT_MB} MB kept after ${SETTLE_MS / 1000} s`,
  );
  cells('bomb (size sent)', 'answer', 'time', 'app peak', 'app+children', 'app after', '');
  for (const bomb of BOMBS) {
    const bytes = await bomb.make();
    const outcome = await explode(cleanup, bomb, bytes, {
      DATABASE_URL: schema.url,
      DATA_DIR: join(root, 'data'),
      TMPDIR: serverTmp,
    });
    const within = outcome.appPeakMb <= BOUND_MB && outcome.treePeakMb <= BOUND_MB && outcome.appAfterMb <= KEPT_MB;
    if (!within) process.exitCode = 1;
    cells(
      `${bomb.name} (${bytes.length < 10_240 ? `${bytes.length} bytes` : `${(bytes.length / 1024).toFixed(0)} KB`})`,
      outcome.answers.map((answer) => answer.status).join(','),
      `${(outcome.ms / 1000).toFixed(1)} s`,
      mb(outcome.appPeakMb),
      mb(outcome.treePeakMb),
      mb(outcome.appAfterMb),
      within ? '  within' : '  OVER',
    );
    for (const message of new Set(outcome.answers.map((answer) => answer.message))) console.log(`    ${message}`);
  }
});
