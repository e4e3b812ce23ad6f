import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import { type FileRefusal } from '../file-refusal';
import { refusals } from './document-refusals';
import { type DocumentLimits } from './document-types';

const MAX_ENTRIES = 10_000;
/** Far past what the XML of a Word document compresses by (about 10:1), far below a zip bomb (about 1,000:1). */
const MAX_RATIO = 200;
/** Small parts may compress by anything: only a large one can be a bomb. */
const RATIO_FROM_BYTES = 1024 * 1024;
/** The parts mammoth reads; images and other media are never inflated (document-process.mjs makes images empty). */
const PARSED_PART = /\.(xml|rels)$/i;

/** Zips that are other kinds of document, known by a part only they have. */
const OTHER_PACKAGES: Record<string, () => FileRefusal> = {
  'xl/': refusals.spreadsheet,
  'ppt/': refusals.presentation,
  'content.xml': refusals.openDocument,
};

/**
 * Refuses a zip unless it is a Word document that unpacks within the limits: the zip's directory is
 * checked before anything is inflated, then the parts mammoth will read are inflated once here, because
 * only inflating shows a directory that understates a part's size (yauzl stops at the first byte too many).
 */
export async function checkDocxPackage(path: string, limits: DocumentLimits): Promise<void> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw refusals.tooManyEntries();
    const entries = await readDirectory(zip);
    if (!entries.some((entry) => entry.fileName === 'word/document.xml')) throw notWordRefusal(entries);
    const expanded = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (expanded > limits.maxExpandedBytes || entries.some(looksLikeBomb))
      throw refusals.expandsTooFar(limits.maxExpandedBytes);
    for (const entry of entries.filter((entry) => PARSED_PART.test(entry.fileName))) await inflate(zip, entry);
  } finally {
    zip.close();
  }
}

const looksLikeBomb = (entry: yauzl.Entry) =>
  entry.uncompressedSize > RATIO_FROM_BYTES && entry.uncompressedSize > MAX_RATIO * entry.compressedSize;

function notWordRefusal(entries: yauzl.Entry[]): FileRefusal {
  const marker = Object.keys(OTHER_PACKAGES).find((prefix) =>
    entries.some((entry) => entry.fileName.startsWith(prefix)),
  );
  return marker ? OTHER_PACKAGES[marker]() : refusals.archive();
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) =>
    yauzl.open(path, options, (error, zip) => (error ? reject(refusals.damaged('file')) : resolve(zip))),
  );
}

function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(refusals.damaged('file')));
    zip.readEntry();
  });
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
    );
    await pipeline(stream, discard);
  } catch {
    throw refusals.damaged('docx');
  }
}
