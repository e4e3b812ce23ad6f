import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { outOfMemory, serveOneJob } from '../child-answer.mjs';

/**
 * Reads one image in a process of its own (process-image.ts starts it, memory-limited) into what is stored:
 * upright, stripped of metadata, downscaled, re-encoded, with a WebP thumbnail. Pixels are decoded here and
 * nowhere else, so libvips' buffers and libheif's WebAssembly memory, which only grows, go when the process ends.
 * Answers one plain object: { bytes, mediaType, width, height, thumbnail } |
 * { problem: 'too-large' | 'too-heavy', width, height, depth } | { problem: 'damaged', cause }.
 */
const require = createRequire(import.meta.url);

// libheif tells why it cannot parse a file to console.log: kept for the refusal's cause, off the server's output.
const said = [];
console.log = (...words) => said.push(words.join(' ').trim());
const sharp = require('sharp');
// Each image is read once: libvips' operation cache would only keep its pixels alive.
sharp.cache(false);

/** sharp names AVIF by its container. */
const SHARP_FORMATS = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif', tiff: 'tiff' };

/** What is known of the image so far, for a refusal's words. */
let header = {};

class TooLarge extends Error {}

function checkPixels(width, height, depth, maxInputPixels) {
  header = { width, height, ...(depth && { depth }) };
  if (width * height > maxInputPixels) throw new TooLarge();
}

/** Decoding by sharp, which picks its loader by its own sniffing: any answer other than the sniffed format is refused. */
async function withSharp(input, format, maxInputPixels) {
  // The header alone, read without sharp's own limit so that a file past it gets the sentence about size.
  const { format: read, width = 0, height = 0, depth } = await sharp(input, { limitInputPixels: false }).metadata();
  if (read !== SHARP_FORMATS[format]) throw new Error(`bytes sniffed as ${format} were read by sharp as ${read}`);
  checkPixels(width, height, depth, maxInputPixels);
  // Only the first frame of an animation or page of a TIFF (sharp's default); the slightest damage is an error.
  return sharp(input, { limitInputPixels: maxInputPixels, failOn: 'warning' });
}

/**
 * HEVC-coded HEIF (what iPhones write), which sharp's prebuilt libheif cannot decode: decoded by libheif in
 * WebAssembly to RGBA, its header checked before any pixel is. The rotation and mirroring boxes are applied by the
 * decoder; the file's EXIF (orientation included) never reaches sharp, so nothing is turned twice.
 */
async function withHeicDecode(input, _format, maxInputPixels) {
  const decode = require('heic-decode');
  const images = await decode.all({ buffer: typeof input === 'string' ? await readFile(input) : input });
  try {
    const [first] = images;
    checkPixels(first.width, first.height, undefined, maxInputPixels);
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}

/** Upright, downscaled sRGB pixels, 8 bits a channel; raw output carries no metadata at all. */
function uprightPixels(image, maxEdge) {
  return image
    .rotate()
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

function hasTransparency({ data, info }) {
  if (!info.hasAlpha) return false;
  for (let alpha = info.channels - 1; alpha < data.length; alpha += info.channels) if (data[alpha] !== 255) return true;
  return false;
}

/** The stored image and its thumbnail, both from the same decoded pixels; an alpha channel only where it is used. */
function encode({ data, info }, transparent, thumbnailEdge) {
  const pixels = () => {
    const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return transparent ? image : image.removeAlpha();
  };
  const thumbnail = pixels().resize({
    width: thumbnailEdge,
    height: thumbnailEdge,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return Promise.all([
    transparent ? pixels().png().toBuffer() : pixels().jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    thumbnail.webp({ quality: 75 }).toBuffer(),
  ]);
}

async function processImage({ input, format, maxEdge, maxInputPixels, thumbnailEdge }) {
  try {
    const decoded = await (format === 'heic' ? withHeicDecode : withSharp)(input, format, maxInputPixels);
    const pixels = await uprightPixels(decoded, maxEdge);
    const transparent = hasTransparency(pixels);
    const [bytes, thumbnail] = await encode(pixels, transparent, thumbnailEdge);
    const { width, height } = pixels.info;
    return { bytes, mediaType: transparent ? 'image/png' : 'image/jpeg', width, height, thumbnail };
  } catch (error) {
    if (String(error?.code).endsWith('MODULE_NOT_FOUND')) throw error;
    if (error instanceof TooLarge) return { problem: 'too-large', ...header };
    if (outOfMemory(error)) return { problem: 'too-heavy', ...header };
    return { problem: 'damaged', cause: [String(error?.message ?? error), ...said].join('; libheif: ') };
  }
}

serveOneJob(processImage, (error) => ({ problem: 'damaged', cause: String(error?.message ?? error) }));
