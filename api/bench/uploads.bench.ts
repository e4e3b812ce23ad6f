import { join } from 'node:path';
import sharp from 'sharp';
import { createBenchSchema, benchDatabaseUrl } from './support/bench-database';
import {
  accessCookie,
  monotonicMs,
  percentile,
  runBench,
  sleep,
  startBenchServer,
  BENCH_KEY,
  type Cleanup,
} from './support/bench-kit';
import { describeMemory, mb, memoryOf, type Memory } from './support/process-memory';
import { streamingBenchSetup } from './support/stream-clients';

/**
 * What ten large uploads at once cost the server: each a 25 MB photo (the default UPLOAD_MAX_BYTES), sent together
 * to a fresh server, whose memory (app and database, sampled every 50 ms) must stay bounded: uploads stream to disk
 * and at most two are decoded at a time, so ten of them must not cost ten times one.
 */
const UPLOADS = 10;
const MAX_BYTES = 25 * 1024 * 1024;
const AGENT = 'bench-uploads';
const SETTLE_MS = 3_000;
const DEADLINE_MS = 10 * 60_000;
/** Each server runs twice: with glibc's default malloc arenas (npm run serve) and capped at two, as the Docker image runs. */
const MALLOC_VARIANTS: Array<Record<string, string>> = [{}, { MALLOC_ARENA_MAX: '2' }];
const chosenDatabases = process.env.BENCH_DATABASES?.split(',') ?? ['embedded', 'postgresql'];

/** A noisy photo (noise does not compress) just under `maxBytes`: the largest a user may send. */
async function largestPhoto(maxBytes: number): Promise<Buffer> {
  let side = 4000;
  for (let attempt = 0; attempt < 8; attempt++) {
    const photo = await sharp({
      create: {
        width: side,
        height: Math.round(side * 0.75),
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (photo.length <= maxBytes && photo.length > maxBytes * 0.85) return photo;
    side = Math.floor(side * Math.sqrt((maxBytes * 0.92) / photo.length));
  }
  throw new Error(`no noisy photo came within 15% under ${maxBytes} bytes`);
}

async function upload(base: string, cookie: string, photo: Buffer, index: number): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
  const started = monotonicMs();
  const res = await fetch(`${base}/api/chat/attachments?agentType=${AGENT}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  await res.text();
  if (res.status !== 201) throw new Error(`upload ${index} answered ${res.status}`);
  return monotonicMs() - started;
}

async function uploadsAtOnce(cleanup: Cleanup, label: string, photo: Buffer, env: Record<string, string>) {
  for (const malloc of MALLOC_VARIANTS) await uploadsAtOnceWith(cleanup, label, photo, { ...env, ...malloc });
}

async function uploadsAtOnceWith(cleanup: Cleanup, label: string, photo: Buffer, env: Record<string, string>) {
  const scope = cleanup.scope(`the ${label} server`);
  try {
    const server = await startBenchServer(scope, { OPENAI_API_KEY: BENCH_KEY, ...env });
    const cookie = await accessCookie(server.base);
    await sleep(SETTLE_MS);
    const idle = memoryOf(server.pid);
    let peak: Memory = idle;
    const sampler = setInterval(() => {
      const now = memoryOf(server.pid);
      if (now.treeMb > peak.treeMb) peak = now;
    }, 50);
    const started = monotonicMs();
    const times = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(server.base, cookie, photo, i)));
    const wallMs = monotonicMs() - started;
    clearInterval(sampler);
    await sleep(SETTLE_MS);
    const after = memoryOf(server.pid);

    console.log('');
    console.log(
      `${label}${env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${env.MALLOC_ARENA_MAX}` : ', default malloc arenas'}:`,
    );
    console.log(`  idle before:             ${describeMemory(idle)}`);
    console.log(`  peak during the uploads: ${describeMemory(peak)}`);
    console.log(`  idle after:              ${describeMemory(after)}`);
    console.log(
      `  ${UPLOADS} uploads of ${(photo.length / 1024 / 1024).toFixed(1)} MB at once: all stored in ${wallMs.toFixed(0)} ms; ` +
        `each p50 ${percentile(times, 50).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms; ` +
        `peak over idle ${mb(peak.treeMb - idle.treeMb).trim()} for ${mb((UPLOADS * photo.length) / 1024 / 1024).trim()} sent`,
    );
  } finally {
    await scope.run();
  }
}

runBench('uploads bench', DEADLINE_MS, async (cleanup) => {
  const { root, serverTmp } = await streamingBenchSetup(cleanup, 'mb-bench-uploads-');
  const photo = await largestPhoto(MAX_BYTES);
  const meta = await sharp(photo).metadata();
  console.log('');
  console.log(
    `uploads bench: ${UPLOADS} photos of ${(photo.length / 1024 / 1024).toFixed(1)} MB (${meta.width} × ${meta.height}, ` +
      `noise: incompressible) uploaded at once to a fresh server, which turns each upright, strips and downscales it`,
  );
  if (chosenDatabases.includes('embedded'))
    await uploadsAtOnce(cleanup, 'embedded PostgreSQL (no DATABASE_URL)', photo, {
      DATA_DIR: join(root, 'data'),
      TMPDIR: serverTmp,
    });
  if (!chosenDatabases.includes('postgresql')) return;
  const schema = await createBenchSchema().catch((error: Error) => {
    console.log(`!!! PostgreSQL at ${benchDatabaseUrl} is not usable, its run is MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  cleanup.add('the PostgreSQL schema', () => schema.drop());
  await uploadsAtOnce(cleanup, 'PostgreSQL (DATABASE_URL; the database server is not counted)', photo, {
    DATABASE_URL: schema.url,
    DATA_DIR: join(root, 'data-pg'),
    TMPDIR: serverTmp,
  });
});
