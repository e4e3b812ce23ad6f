import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { processImage, type ProcessedImage } from '../src/attachments/processing/image';
import { noisyPhoto } from '../test/fixtures/files/make-images';
import { type Cleanup, ms, percentile, runBench, sleep, spawnBenchChild } from './support/bench-kit';

/**
 * Processing a phone photo as an attachment: a 12-megapixel JPEG (4032 × 3024, noisy so it compresses like a
 * photo, EXIF orientation 6 and GPS) read from its temp file, turned upright, stripped, scaled to MAX_EDGE,
 * re-encoded (mozjpeg) with a WebP thumbnail. The runs happen in a child process of their own, so its peak RSS
 * is the processing's and not that of building the photo; once with glibc's default malloc arenas (one per
 * libvips thread, where freed pixel buffers fragment) and once with MALLOC_ARENA_MAX=2.
 *
 * Then the same photo as an iPhone-sized HEIC (made by libheif's heif-enc, skipped where it is not installed)
 * decoded, in a child process per decoder: libheif in WebAssembly on the calling thread (to RGBA), as the server once
 * did, and processImage, which decodes and stores it in a process of its own; with the longest stall of the calling
 * thread's event loop meanwhile.
 */
const MAX_EDGE = 2048;
const WARMUP = 2;
const RUNS = 15;
const PHOTO_ENV = 'IMAGE_BENCH_PHOTO';
const HEIC_ENV = 'IMAGE_BENCH_HEIC';
const HEIC_DECODER_ENV = 'IMAGE_BENCH_HEIC_DECODER';
const HEIC_RUNS = 5;
/** The event loop's clock: a stall is the gap between two of its ticks less this. */
const TICK_MS = 2;

interface Outcome {
  samples: number[];
  storedBytes: number;
  width: number;
  height: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

async function runs(photo: string): Promise<Outcome> {
  const rssBeforeMb = process.memoryUsage.rss() / 2 ** 20;
  const timedRun = async () => {
    const start = performance.now();
    const image = await processImage(photo, { maxEdge: MAX_EDGE });
    return { ms: performance.now() - start, image };
  };
  for (let i = 0; i < WARMUP; i++) await timedRun();
  const measured: { ms: number; image: ProcessedImage }[] = [];
  for (let i = 0; i < RUNS; i++) measured.push(await timedRun());
  const { image } = measured[RUNS - 1];
  return {
    samples: measured.map((run) => run.ms),
    storedBytes: image.bytes.length,
    width: image.width,
    height: image.height,
    rssBeforeMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** Ways to turn a HEIC file into RGBA pixels in the hands of the calling thread. */
const HEIC_DECODERS = {
  'calling thread': async (heic: string) => {
    const { default: decode } = await import('heic-decode');
    const images = await decode.all({ buffer: await readFile(heic) });
    try {
      await images[0].decode();
    } finally {
      images.dispose();
    }
  },
  'own process (processImage)': async (heic: string) => {
    await processImage(heic, { maxEdge: MAX_EDGE });
  },
} satisfies Record<string, (heic: string) => Promise<void>>;
type HeicDecoder = keyof typeof HEIC_DECODERS;

interface HeicOutcome {
  samples: number[];
  longestStallMs: number;
  peakRssMb: number;
  rssAfterGcMb: number;
}

/** What the process holds once the decoded pixels it dropped are collected: memory a decoder kept for itself. */
async function rssAfterGcMb(): Promise<number> {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  await sleep(100);
  return process.memoryUsage.rss() / 2 ** 20;
}

async function heicRuns(heic: string, decoder: HeicDecoder): Promise<HeicOutcome> {
  const decode = HEIC_DECODERS[decoder];
  await decode(heic);
  const loop = monitorEventLoopDelay({ resolution: TICK_MS });
  loop.enable();
  const samples: number[] = [];
  for (let i = 0; i < HEIC_RUNS; i++) {
    const start = performance.now();
    await decode(heic);
    samples.push(performance.now() - start);
    // A stall is recorded by the tick that ends it.
    await sleep(5 * TICK_MS);
  }
  loop.disable();
  return {
    samples,
    longestStallMs: Math.max(0, loop.max / 1e6 - TICK_MS),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    rssAfterGcMb: await rssAfterGcMb(),
  };
}

function inChild<Answer>(cleanup: Cleanup, env: Record<string, string>): Promise<Answer> {
  const child = spawnBenchChild(__filename, env);
  cleanup.child('the processing process', child);
  return new Promise((resolve, reject) => {
    child.once('message', (outcome: Answer) => resolve(outcome));
    child.once('exit', (code) => reject(new Error(`the processing process exited (${code}) before answering`)));
  });
}

const MALLOC: [string, Record<string, string>][] = [
  ['glibc default', {}],
  ['MALLOC_ARENA_MAX=2', { MALLOC_ARENA_MAX: '2' }],
];

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const row = (...cells: string[]) =>
  console.log(cells.map((cell, i) => (i ? cell.padStart(14) : cell.padEnd(22))).join(''));

const hasHeifEnc = () => !spawnSync('heif-enc', ['--version']).error;

async function heicBench(cleanup: Cleanup, dir: string, photo: string): Promise<void> {
  console.log('');
  if (!hasHeifEnc()) {
    console.log('HEIC decode: skipped, heif-enc (libheif-examples) is not installed to make the HEIC');
    return;
  }
  const heic = join(dir, 'photo.heic');
  execFileSync('heif-enc', ['-q', '80', '-p', 'preset=ultrafast', '-o', heic, photo]);
  console.log(
    `decode a 4032 × 3024 HEIC of ${mb((await stat(heic)).size)} to RGBA: ${HEIC_RUNS} runs after 1 warm-up, ` +
      `each decoder in a process of its own`,
  );
  row('decoded on', 'p50', 'max', 'longest stall', 'peak RSS', 'RSS after GC');
  for (const decoder of Object.keys(HEIC_DECODERS) as HeicDecoder[]) {
    const outcome = await inChild<HeicOutcome>(cleanup, { [HEIC_ENV]: heic, [HEIC_DECODER_ENV]: decoder });
    row(
      decoder,
      ms(percentile(outcome.samples, 50)),
      ms(Math.max(...outcome.samples)),
      ms(outcome.longestStallMs),
      `${outcome.peakRssMb.toFixed(0)} MB`,
      `${outcome.rssAfterGcMb.toFixed(0)} MB`,
    );
  }
}

const photoInChild = process.env[PHOTO_ENV];
const heicInChild = process.env[HEIC_ENV];
if (photoInChild) {
  void runs(photoInChild).then((outcome) => process.send!(outcome, () => process.exit(0)));
} else if (heicInChild) {
  void heicRuns(heicInChild, process.env[HEIC_DECODER_ENV] as HeicDecoder).then((outcome) =>
    process.send!(outcome, () => process.exit(0)),
  );
} else {
  runBench('image processing bench', 5 * 60_000, async (cleanup) => {
    const dir = await mkdtemp(join(tmpdir(), 'image-bench-'));
    cleanup.add('the photo', () => rm(dir, { recursive: true, force: true }));
    const photo = join(dir, 'photo.jpg');
    await writeFile(photo, await noisyPhoto(4032, 3024));

    console.log('');
    console.log(
      `process a 4032 × 3024 JPEG of ${mb((await stat(photo)).size)} (orientation 6, GPS) from its file, ` +
        `max edge ${MAX_EDGE}: ${RUNS} runs after ${WARMUP} warm-ups, one at a time`,
    );
    row('malloc', 'p50', 'p95', 'RSS before', 'peak RSS');
    let stored = '';
    for (const [label, env] of MALLOC) {
      const outcome = await inChild<Outcome>(cleanup, { [PHOTO_ENV]: photo, ...env });
      const [p50, p95] = [50, 95].map((p) => ms(percentile(outcome.samples, p)));
      row(label, p50, p95, `${outcome.rssBeforeMb.toFixed(0)} MB`, `${outcome.peakRssMb.toFixed(0)} MB`);
      stored = `stored: a ${outcome.width} × ${outcome.height} JPEG of ${mb(outcome.storedBytes)}`;
    }
    console.log(stored);
    await heicBench(cleanup, dir, photo);
  });
}
