import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { processImage, type ProcessedImage } from '../src/attachments/processing/image';
import { noisyPhoto } from '../test/fixtures/files/make-images';
import { type Cleanup, ms, percentile, runBench, spawnBenchChild } from './support/bench-kit';

/**
 * Processing a phone photo as an attachment: a 12-megapixel JPEG (4032 × 3024, noisy so it compresses like a
 * photo, EXIF orientation 6 and GPS) read from its temp file, turned upright, stripped, scaled to MAX_EDGE,
 * re-encoded (mozjpeg) with a WebP thumbnail. The runs happen in a child process of their own, so its peak RSS
 * is the processing's and not that of building the photo; once with glibc's default malloc arenas (one per
 * libvips thread, where freed pixel buffers fragment) and once with MALLOC_ARENA_MAX=2.
 */
const MAX_EDGE = 2048;
const WARMUP = 2;
const RUNS = 15;
const PHOTO_ENV = 'IMAGE_BENCH_PHOTO';

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

function inChild(cleanup: Cleanup, photo: string, env: Record<string, string>): Promise<Outcome> {
  const child = spawnBenchChild(__filename, { [PHOTO_ENV]: photo, ...env });
  cleanup.child('the processing process', child);
  return new Promise((resolve, reject) => {
    child.once('message', (outcome: Outcome) => resolve(outcome));
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

const photoInChild = process.env[PHOTO_ENV];
if (photoInChild) {
  void runs(photoInChild).then((outcome) => process.send!(outcome, () => process.exit(0)));
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
      const outcome = await inChild(cleanup, photo, env);
      const [p50, p95] = [50, 95].map((p) => ms(percentile(outcome.samples, p)));
      row(label, p50, p95, `${outcome.rssBeforeMb.toFixed(0)} MB`, `${outcome.peakRssMb.toFixed(0)} MB`);
      stored = `stored: a ${outcome.width} × ${outcome.height} JPEG of ${mb(outcome.storedBytes)}`;
    }
    console.log(stored);
  });
}
