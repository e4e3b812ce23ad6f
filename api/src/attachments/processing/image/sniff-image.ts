/** The image formats processImage takes, named as ProcessedImage.sourceFormat names them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'tiff';

/** Markup that may carry script: recognised only so it can be refused by name. */
export type MarkupFormat = 'svg' | 'html';

export type SniffedFormat = ImageFormat | MarkupFormat;

/** Enough of a file's head for every format here: 64 bytes cover the images, the rest an XML prolog before `<svg`. */
export const SNIFF_BYTES = 256;

const asciiAt = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;

const AVIF_BRANDS = ['avif', 'avis'];
const HEVC_BRANDS = ['heic', 'heix', 'hevc', 'hevx'];
/** Brands of HEIF in general; without an AV1 brand beside them such a file is HEVC, as iPhones write it. */
const GENERIC_HEIF_BRANDS = ['mif1', 'msf1'];

/** Which codec an ISO-BMFF image carries, from its ftyp box: the major brand, then the compatible ones. */
function heifCodec(head: Buffer): 'avif' | 'heic' | undefined {
  if (!asciiAt(head, 4, 'ftyp') || head.length < 12) return undefined;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  const brandAt = (offset: number) => head.toString('latin1', offset, offset + 4);
  const major = brandAt(8);
  if (AVIF_BRANDS.includes(major)) return 'avif';
  if (HEVC_BRANDS.includes(major)) return 'heic';
  if (!GENERIC_HEIF_BRANDS.includes(major)) return undefined;
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) if (AVIF_BRANDS.includes(brandAt(offset))) return 'avif';
  return 'heic';
}

const SIGNATURES: Record<ImageFormat, (head: Buffer) => boolean> = {
  jpeg: (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  png: (head) => asciiAt(head, 0, '\x89PNG\r\n\x1a\n'),
  gif: (head) => asciiAt(head, 0, 'GIF87a') || asciiAt(head, 0, 'GIF89a'),
  webp: (head) => asciiAt(head, 0, 'RIFF') && asciiAt(head, 8, 'WEBP'),
  // Classic TIFF and BigTIFF, either byte order.
  tiff: (head) => ['II*\0', 'MM\0*', 'II+\0', 'MM\0+'].some((magic) => asciiAt(head, 0, magic)),
  avif: (head) => heifCodec(head) === 'avif',
  heic: (head) => heifCodec(head) === 'heic',
};

const UTF8_BOM = '\xef\xbb\xbf';

function sniffMarkup(head: Buffer): MarkupFormat | undefined {
  let text = head.toString('latin1');
  if (text.startsWith(UTF8_BOM)) text = text.slice(UTF8_BOM.length);
  text = text.trimStart().toLowerCase();
  if (/^<svg[\s>/]/.test(text) || (/^<(\?xml|!doctype svg|!--)/.test(text) && text.includes('<svg'))) return 'svg';
  if (/^<(!doctype html|html|head|body|script|iframe|!--)[\s>]/.test(text)) return 'html';
  return undefined;
}

/**
 * What a file is, from its first bytes (SNIFF_BYTES of them, or fewer) and nothing else: never from its name
 * or the type a client declared. Undefined for anything that is neither an image format nor script-capable markup.
 */
export function sniffImage(head: Buffer): SniffedFormat | undefined {
  const image = (Object.keys(SIGNATURES) as ImageFormat[]).find((format) => SIGNATURES[format](head));
  return image ?? sniffMarkup(head);
}

export const isImageFormat = (format: SniffedFormat | undefined): format is ImageFormat =>
  format !== undefined && format in SIGNATURES;
