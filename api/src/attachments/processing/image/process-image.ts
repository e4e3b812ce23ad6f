import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { runBoundedProcess } from '../bounded-process';
import { type FileRefusal } from '../file-refusal';
import {
  damagedImage,
  emptyImage,
  imageTooHeavy,
  imageTooLarge,
  imageTooSlow,
  unsupportedImage,
} from './image-refusals';
import { type ImageFormat, isImageFormat, SNIFF_BYTES, sniffImage } from './sniff-image';

export interface ProcessedImage {
  /** The only bytes ever stored: upright, without any metadata, the long side at most maxEdge. */
  bytes: Buffer;
  /** JPEG when the image is opaque, PNG when some pixel is transparent. */
  mediaType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** WebP, the long side at most THUMBNAIL_EDGE, as bare as `bytes`. */
  thumbnail: Buffer;
  thumbnailMediaType: 'image/webp';
  /** What the uploaded bytes were. */
  sourceFormat: ImageFormat;
}

export interface ProcessImageOptions {
  maxEdge: number;
  /** Width × height past which a file is refused before its pixels are decoded (decompression bombs). */
  maxInputPixels?: number;
  /** The memory of the process that decodes it; past it the image is refused as needing too much. */
  memoryMb?: number;
  timeoutMs?: number;
}

export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;
export const THUMBNAIL_EDGE = 320;
/**
 * The decoding process's memory, its own start (about 100 MB with libvips) included: a 48-megapixel JPEG takes
 * 105 MB, a progressive 100-megapixel one 385 MB and a 16-bit interlaced PNG of as many 960 MB (refused).
 */
export const IMAGE_MEMORY_MB = 256;
/**
 * libheif in WebAssembly takes about 13 bytes a pixel on top of node's start: 215 MB for a 12-megapixel photo,
 * 655 MB (and 900 MB of address space written to) for a 48-megapixel one, an iPhone's largest. HEIC has a pixel cap
 * of its own and the memory to reach it: a HEIC refused at 256 MB would be every iPhone photo past 12 megapixels.
 */
export const HEIC_MAX_PIXELS = 50_000_000;
export const HEIC_MEMORY_MB = 1024;
/** A 100-megapixel PNG decodes in about 8 s on one core of a busy host; a 48-megapixel HEIC in about 12. */
const TIME_LIMIT_MS = 60_000;

/** Emitted beside this file by tsc (allowJs), so the same path holds under src (jest, tsx) and dist. */
const PROCESS_FILE = join(__dirname, 'image-process.mjs');

type Input = string | Buffer;

interface Header {
  width: number;
  height: number;
  /** sharp's word for the samples' type ('uchar', 'ushort'); absent for HEIC. */
  depth?: string;
}
type ProcessAnswer =
  | { bytes: Uint8Array; mediaType: ProcessedImage['mediaType']; width: number; height: number; thumbnail: Uint8Array }
  | ({ problem: 'too-large' | 'too-heavy' } & Partial<Header>)
  | { problem: 'damaged'; cause: string };

async function readHead(input: Input): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, SNIFF_BYTES);
  const file = await open(input, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Reads an uploaded image, whatever its name or declared type say, into the one form that is stored: upright, stripped
 * of every metadata block (EXIF with GPS, XMP, IPTC, ICC after conversion to sRGB), no larger than maxEdge,
 * re-encoded, with a WebP thumbnail. Its pixels are decoded in a process of its own with a memory limit
 * (image-process.mjs), never in the server's. Anything else is refused with a FileRefusal a user can act on.
 */
export async function processImage(input: Input, options: ProcessImageOptions): Promise<ProcessedImage> {
  const head = await readHead(input);
  if (!head.length) throw emptyImage();
  const format = sniffImage(head);
  if (!isImageFormat(format)) throw unsupportedImage(format);
  const heic = format === 'heic';
  const maxInputPixels = Math.min(
    options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS,
    heic ? HEIC_MAX_PIXELS : Infinity,
  );
  const answer = await runBoundedProcess<ProcessAnswer>(
    PROCESS_FILE,
    { input, format, maxEdge: options.maxEdge, maxInputPixels, thumbnailEdge: THUMBNAIL_EDGE },
    {
      timeoutMs: options.timeoutMs ?? TIME_LIMIT_MS,
      memoryMb: options.memoryMb ?? (heic ? HEIC_MEMORY_MB : IMAGE_MEMORY_MB),
      tooSlow: () => imageTooSlow(format),
      tooHeavy: () => imageTooHeavy(format),
      crashed: (cause) => damagedImage(format, cause),
    },
  );
  if ('problem' in answer) throw refusalOf(format, answer, maxInputPixels);
  return {
    ...answer,
    bytes: asBuffer(answer.bytes),
    thumbnail: asBuffer(answer.thumbnail),
    thumbnailMediaType: 'image/webp',
    sourceFormat: format,
  };
}

function refusalOf(
  format: ImageFormat,
  answer: Exclude<ProcessAnswer, { bytes: Uint8Array }>,
  maxInputPixels: number,
): FileRefusal {
  if (answer.problem === 'damaged') return damagedImage(format, new Error(answer.cause));
  const header = answer.width && answer.height ? (answer as Header) : undefined;
  return answer.problem === 'too-large' ? imageTooLarge(header!, maxInputPixels) : imageTooHeavy(format, header);
}
