/**
 * The text of a file that is text: UTF-8 (a byte order mark allowed) or UTF-16 with a byte order mark,
 * and no NUL character. Undefined for anything else, which is then no text file at all.
 */
export function decodeText(bytes: Buffer): string | undefined {
  const text = decode(bytes, encodingOf(bytes));
  return text === undefined || text.includes('\0') ? undefined : text;
}

function encodingOf(bytes: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

function decode(bytes: Buffer, encoding: string): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
