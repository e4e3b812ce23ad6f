import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { runBoundedWorker } from '../bounded-worker';
import { FileRefusal } from '../file-refusal';
import { damagedImage, guardPixelCount } from './image-refusals';

interface WorkerJob {
  input: string | Buffer;
  maxInputPixels: number;
}
/** What heic-worker.mjs posts: RGBA pixels, a header past the pixel limit, or why libheif could not read the file. */
type WorkerAnswer =
  | { width: number; height: number; pixels: ArrayBuffer }
  | { width: number; height: number; tooLarge: true }
  | { problem: string };

/** Emitted beside this file by tsc (allowJs), so the same path holds under src (jest, tsx) and dist. */
const WORKER_FILE = join(__dirname, 'heic-worker.mjs');
/** A 12-megapixel photo decodes in about 1.5 s on one core, a 48-megapixel one in about 6 s: room for a busy host. */
const TIME_LIMIT_MS = 20_000;
/**
 * The worker's JavaScript heap, which holds libheif's bundle (16 MB suffices for a 48-megapixel decode). The
 * WebAssembly memory and the pixels are ArrayBuffers outside it: a 48-megapixel decode grows them to ~500 MB.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64 };

const tooSlow = () =>
  new FileRefusal('unreadable', 'This HEIC image took too long to decode. Export it as JPEG and send that.');
const tooHeavy = () =>
  new FileRefusal('unreadable', 'This HEIC image needs too much memory to decode. Export it as JPEG and send that.');

/**
 * HEVC-coded HEIF (what iPhones write), which sharp's prebuilt libheif cannot decode: decoded by libheif in
 * WebAssembly to RGBA and handed to sharp as raw pixels. The rotation and mirroring boxes are applied by the
 * decoder; the file's EXIF (orientation included) never reaches sharp, so nothing is turned twice.
 */
export async function decodeHeic(
  input: string | Buffer,
  maxInputPixels: number,
  timeoutMs = TIME_LIMIT_MS,
): Promise<Sharp> {
  const answer = await decodeInWorker({ input, maxInputPixels }, timeoutMs);
  if ('problem' in answer) throw damagedImage('heic', new Error(answer.problem));
  // The worker stopped at the header when it is past the limit; the sentence that says so is written here.
  guardPixelCount(answer.width, answer.height, maxInputPixels);
  if (!('pixels' in answer)) throw damagedImage('heic', new Error('the worker refused a header within the limit'));
  const { width, height, pixels } = answer;
  return sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } });
}

/**
 * Each decode has a worker thread of its own, stopped after `timeoutMs`: it keeps a second-long decode off the
 * event loop, and the hundreds of megabytes of WebAssembly memory libheif grows, and never shrinks, are
 * returned when the thread ends. How the worker fails on a file becomes a FileRefusal.
 */
function decodeInWorker(job: WorkerJob, timeoutMs: number): Promise<WorkerAnswer> {
  return runBoundedWorker<WorkerAnswer>(WORKER_FILE, job, {
    timeoutMs,
    resourceLimits: RESOURCE_LIMITS,
    tooSlow,
    crashed: crashRefusal,
    exited: (code) => damagedImage('heic', new Error(`the worker exited (${code}) without answering`)),
  });
}

const crashRefusal = (error: { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHeavy() : damagedImage('heic', error);
