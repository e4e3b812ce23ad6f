import { refusals } from './document-refusals';
import { type DocumentLimits, type ExtractedDocument, extractedDocument } from './document-types';
import { readInProcess } from './read-in-process';
import { numberedParts, tidyText } from './split-text';

/** Fewer letters than this on a page is a page number or a stamp, not a text layer. */
const MIN_PAGE_LETTERS = 16;

/** A part per page ("page 3"), or several for a long one ("page 3 (2/3)"); refused when no page has text. */
export async function pdfDocument(path: string, limits: DocumentLimits): Promise<ExtractedDocument> {
  const { pages } = await readInProcess({ kind: 'pdf', path, maxPages: limits.maxPages }, limits);
  const texts = pages.map(tidyText);
  if (!texts.some((text) => text.replace(/\s/g, '').length >= MIN_PAGE_LETTERS)) throw refusals.scanned();
  const parts = texts.flatMap((text, i) => numberedParts(`page ${i + 1}`, text, { page: i + 1 }));
  return extractedDocument('pdf', parts, pages.length);
}
