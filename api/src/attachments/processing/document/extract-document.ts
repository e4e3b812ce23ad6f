import { open, readFile } from 'node:fs/promises';
import { refusals } from './document-refusals';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, type ExtractedDocument } from './document-types';
import { decodeText } from './decode-text';
import { docxDocument } from './docx-document';
import { compoundFileRefusal } from './office-legacy';
import { pdfDocument } from './pdf-document';
import { sniffDocument } from './sniff-document';
import { binaryClaimOf, textDocument, textFormatOf } from './text-document';

const HEAD_BYTES = 8 * 1024;

interface SniffedFile {
  path: string;
  fileName: string;
  size: number;
  limits: DocumentLimits;
}
type Sniffed = NonNullable<ReturnType<typeof sniffDocument>>;

const READERS: Record<Sniffed, (file: SniffedFile) => Promise<ExtractedDocument>> = {
  pdf: ({ path, limits }) => pdfDocument(path, limits),
  zip: ({ path, limits }) => docxDocument(path, limits),
  text: readText,
};

/**
 * The text of a document in parts that each say where they are. What the file is comes from its bytes;
 * its name only tells which kind of text a text file is. Every file that is not read is refused with a
 * FileRefusal whose message a user can act on.
 */
export async function extractDocument(
  path: string,
  fileName: string,
  limits: Partial<DocumentLimits> = {},
): Promise<ExtractedDocument> {
  const { head, size } = await readHead(path);
  if (!size) throw refusals.empty();
  const kind = sniffDocument(head);
  if (!kind) throw (await compoundFileRefusal(path, head, size)) ?? refusals.unknownKind();
  return READERS[kind]({ path, fileName, size, limits: withDefaults(limits) });
}

async function readText({ path, fileName, size, limits }: SniffedFile): Promise<ExtractedDocument> {
  // The name never makes a file acceptable; it may show that a file is not what its owner meant to send.
  const claim = binaryClaimOf(fileName);
  if (claim) throw refusals.notWhatItClaims(claim);
  if (size > limits.maxExpandedBytes) throw refusals.tooLong(size, limits.maxExpandedBytes);
  const text = decodeText(await readFile(path));
  if (text === undefined) throw refusals.unknownKind();
  const document = textDocument(text, textFormatOf(fileName, text));
  if (!document.parts.length) throw refusals.noText('file');
  return document;
}

async function readHead(path: string): Promise<{ head: Buffer; size: number }> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return { head: buffer.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

function withDefaults(limits: Partial<DocumentLimits>): DocumentLimits {
  const given = Object.entries(limits).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_DOCUMENT_LIMITS, ...Object.fromEntries(given) };
}
