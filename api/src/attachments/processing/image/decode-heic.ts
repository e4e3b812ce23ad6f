import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { guardPixelCount } from './image-refusals';

/**
 * HEVC-coded HEIF (what iPhones write), which sharp's prebuilt libheif cannot decode: decoded by libheif in
 * WebAssembly to RGBA and handed to sharp as raw pixels. The rotation and mirroring boxes are applied by the
 * decoder; the file's EXIF (orientation included) never reaches sharp, so nothing is turned twice.
 */
export async function decodeHeic(input: string | Buffer, maxInputPixels: number): Promise<Sharp> {
  // Loaded on the first HEIC only: the WebAssembly build is several megabytes the server need not hold before.
  const { default: decode } = await import('heic-decode');
  const images = await decode.all({ buffer: typeof input === 'string' ? await readFile(input) : input });
  try {
    const [first] = images;
    guardPixelCount(first.width, first.height, maxInputPixels);
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}
