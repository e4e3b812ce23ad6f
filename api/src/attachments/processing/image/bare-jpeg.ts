const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
/** Baseline, extended and progressive Huffman frames: what JPEG encoders write, ours included. */
const FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Tables (quantization, Huffman) and the restart interval: picture data, never metadata. */
const TABLES = new Set([0xdb, 0xc4, 0xdd]);
const JFIF = Buffer.from('JFIF\0', 'latin1');
/** A JFIF header without a thumbnail: identifier, version, units, densities, two zero thumbnail sizes. */
const JFIF_LENGTH = 16;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Where the entropy-coded data of a scan starting at `at` ends: at the next marker that is not a restart. */
function scanEnd(bytes: Buffer, at: number): number {
  let i = at;
  while (i < bytes.length - 1) {
    if (bytes[i] !== 0xff) i++;
    else if (bytes[i + 1] === 0x00 || isRestart(bytes[i + 1])) i += 2;
    else if (bytes[i + 1] === 0xff) i++;
    else return i;
  }
  return bytes.length;
}

/**
 * The size of a JPEG that holds its picture and nothing else, or undefined for any other file. Bare means only
 * the segments an encoder needs (a JFIF header without a thumbnail, tables, one 8-bit frame of 1 or 3
 * components, its scans) and not a byte after the end: no EXIF, XMP, ICC, Adobe or comment segment, no
 * thumbnail, nothing appended. Such a file is what the image processing stores; one already in that form may be
 * kept as it is (an imported chat keeps its photos exactly, JPEG being lossy at every re-encoding).
 */
export function bareJpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  let size: { width: number; height: number } | undefined;
  let scans = 0;
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    while (bytes[i] === 0xff && i < bytes.length) i++;
    const marker = bytes[i];
    if (marker === EOI) return size && scans && i === bytes.length - 1 ? size : undefined;
    if (i + 2 >= bytes.length) return undefined;
    const length = bytes.readUInt16BE(i + 1);
    const body = i + 3;
    const end = i + 1 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === APP0) {
      const jfif = length === JFIF_LENGTH && bytes.subarray(body, body + JFIF.length).equals(JFIF);
      if (!jfif || bytes[body + 12] !== 0 || bytes[body + 13] !== 0) return undefined;
    } else if (FRAMES.has(marker)) {
      if (size || length < 8) return undefined;
      const [precision, height, width, components] = [
        bytes[body],
        bytes.readUInt16BE(body + 1),
        bytes.readUInt16BE(body + 3),
        bytes[body + 5],
      ];
      if (precision !== 8 || !height || !width || (components !== 1 && components !== 3)) return undefined;
      size = { width, height };
    } else if (marker === SOS) {
      if (!size) return undefined;
      scans++;
      i = scanEnd(bytes, end);
      continue;
    } else if (!TABLES.has(marker)) return undefined;
    i = end;
  }
  return undefined;
}
