import { FileRefusal } from '../file-refusal';
import type { ImageFormat, MarkupFormat } from './sniff-image';

const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  heic: 'HEIC',
  tiff: 'TIFF',
};

const ACCEPTED = 'JPEG, PNG, WebP, GIF, AVIF, HEIC or TIFF';

const MARKUP_SENTENCES: Record<MarkupFormat, string> = {
  svg: 'SVG drawings are not accepted because they can contain scripts. Export it as PNG or JPEG and send that.',
  html: 'Web pages are not accepted as images. Send a screenshot (PNG or JPEG) instead.',
};

export const unsupportedImage = (markup: MarkupFormat | undefined) =>
  new FileRefusal(
    'unsupported',
    markup ? MARKUP_SENTENCES[markup] : `This file is not an image we can read. Send a ${ACCEPTED} image.`,
  );

export const emptyImage = () => new FileRefusal('unreadable', 'This file is empty. Attach the image again.');

export function damagedImage(format: ImageFormat, cause: unknown): FileRefusal {
  const refusal = new FileRefusal(
    'unreadable',
    `This ${FORMAT_NAMES[format]} image is damaged or incomplete. Export or download it again and resend it.`,
  );
  // For the server's log only: the sentence above is what the user sees.
  refusal.cause = cause;
  return refusal;
}

export function imageTooLarge(
  { width, height }: { width: number; height: number },
  maxInputPixels: number,
): FileRefusal {
  return new FileRefusal(
    'unreadable',
    `This image is too large (${width} × ${height} pixels; the limit is ${+(maxInputPixels / 1e6).toFixed(1)} megapixels). Scale it down and send it again.`,
  );
}

/** sharp's names of the sample types past 8 bits, as a user would say them. */
const DEEP_SAMPLES: Record<string, string> = { ushort: '16 bits', short: '16 bits', uint: '32 bits', float: '32 bits' };

export function imageTooHeavy(format: ImageFormat, header?: { width: number; height: number; depth?: string }) {
  const deep = header?.depth && DEEP_SAMPLES[header.depth];
  const size = header ? ` (${header.width} × ${header.height} pixels${deep ? `, ${deep} a channel` : ''})` : '';
  return new FileRefusal(
    'unreadable',
    `This ${FORMAT_NAMES[format]} image needs too much memory to decode${size}. Scale it down or export it as an 8-bit JPEG, and send it again.`,
  );
}

export const imageTooSlow = (format: ImageFormat) =>
  new FileRefusal(
    'unreadable',
    `This ${FORMAT_NAMES[format]} image took too long to decode. Export it as JPEG and send that.`,
  );
