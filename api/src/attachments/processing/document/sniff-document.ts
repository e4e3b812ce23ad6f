const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const EMPTY_ZIP_MAGIC = Buffer.from('PK\x05\x06', 'latin1');
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/**
 * What the first bytes of a file say it is: a PDF, a zip (a DOCX is one), or text (UTF-8 with no NUL
 * byte, or UTF-16 with a byte order mark). Never the file's name: that is the user's word, the bytes are not.
 */
export function sniffDocument(head: Buffer): 'pdf' | 'zip' | 'text' | undefined {
  if (startsWith(head, PDF_MAGIC)) return 'pdf';
  if (startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)) return 'zip';
  if (UTF16_BOMS.some((bom) => startsWith(head, bom))) return 'text';
  if (!head.includes(0) && isUtf8Prefix(head)) return 'text';
  return undefined;
}

const startsWith = (head: Buffer, magic: Buffer) => head.subarray(0, magic.length).equals(magic);

/** Valid UTF-8 but for a character the head may have cut in two at its end. */
function isUtf8Prefix(head: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
