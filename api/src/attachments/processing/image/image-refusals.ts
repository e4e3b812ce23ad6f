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

export function guardPixelCount(width: number, height: number, maxInputPixels: number): void {
  if (width * height <= maxInputPixels) return;
  throw new FileRefusal(
    'unreadable',
    `This image is too large (${width} × ${height} pixels; the limit is ${+(maxInputPixels / 1e6).toFixed(1)} megapixels). Scale it down and send it again.`,
  );
}
