import { open } from 'node:fs/promises';
import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { FileRefusal } from '../file-refusal';
import { decodeHeic } from './decode-heic';
import { damagedImage, emptyImage, guardPixelCount, unsupportedImage } from './image-refusals';
import { type ImageFormat, isImageFormat, SNIFF_BYTES, sniffImage } from './sniff-image';

// Each upload is read once: libvips' operation cache would only keep its pixels alive.
sharp.cache(false);

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
}

export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;
export const THUMBNAIL_EDGE = 320;

type Input = string | Buffer;

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

/** Decoding by sharp, which picks its loader by its own sniffing: any answer other than `loader` is refused. */
const withSharp =
  (loader: keyof FormatEnum) =>
  async (input: Input, maxInputPixels: number): Promise<Sharp> => {
    // The header alone, read without sharp's own limit so that a file past it gets the sentence about size.
    const { format, width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata();
    if (format !== loader) throw new Error(`bytes sniffed as ${loader} were read by sharp as ${format}`);
    guardPixelCount(width, height, maxInputPixels);
    // Only the first frame of an animation or page of a TIFF (sharp's default); the slightest damage is an error.
    return sharp(input, { limitInputPixels: maxInputPixels, failOn: 'warning' });
  };

const DECODERS: Record<ImageFormat, (input: Input, maxInputPixels: number) => Promise<Sharp>> = {
  jpeg: withSharp('jpeg'),
  png: withSharp('png'),
  webp: withSharp('webp'),
  gif: withSharp('gif'),
  avif: withSharp('heif'),
  tiff: withSharp('tiff'),
  heic: decodeHeic,
};

/** Upright, downscaled sRGB pixels, 8 bits a channel; raw output carries no metadata at all. */
function uprightPixels(image: Sharp, maxEdge: number) {
  return image
    .rotate()
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

type Pixels = Awaited<ReturnType<typeof uprightPixels>>;

function hasTransparency({ data, info }: Pixels): boolean {
  if (!info.hasAlpha) return false;
  for (let alpha = info.channels - 1; alpha < data.length; alpha += info.channels) if (data[alpha] !== 255) return true;
  return false;
}

/** The stored image and its thumbnail, both from the same decoded pixels; an alpha channel only where it is used. */
function encode({ data, info }: Pixels, transparent: boolean): Promise<[Buffer, Buffer]> {
  const pixels = () => {
    const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return transparent ? image : image.removeAlpha();
  };
  const thumbnail = pixels().resize({
    width: THUMBNAIL_EDGE,
    height: THUMBNAIL_EDGE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return Promise.all([
    transparent ? pixels().png().toBuffer() : pixels().jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    thumbnail.webp({ quality: 75 }).toBuffer(),
  ]);
}

/**
 * Reads an uploaded image, whatever its name or declared type say, into the one form that is stored: upright, stripped
 * of every metadata block (EXIF with GPS, XMP, IPTC, ICC after conversion to sRGB), no larger than maxEdge,
 * re-encoded, with a WebP thumbnail. Anything else is refused with a FileRefusal a user can act on.
 */
export async function processImage(input: Input, options: ProcessImageOptions): Promise<ProcessedImage> {
  const head = await readHead(input);
  if (!head.length) throw emptyImage();
  const format = sniffImage(head);
  if (!isImageFormat(format)) throw unsupportedImage(format);
  try {
    const decoded = await DECODERS[format](input, options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS);
    const pixels = await uprightPixels(decoded, options.maxEdge);
    const transparent = hasTransparency(pixels);
    const [bytes, thumbnail] = await encode(pixels, transparent);
    return {
      bytes,
      mediaType: transparent ? 'image/png' : 'image/jpeg',
      width: pixels.info.width,
      height: pixels.info.height,
      thumbnail,
      thumbnailMediaType: 'image/webp',
      sourceFormat: format,
    };
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw damagedImage(format, error);
  }
}
