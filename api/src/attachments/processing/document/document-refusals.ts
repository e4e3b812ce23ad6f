import { FileRefusal } from '../file-refusal';

/** Every sentence a user reads when a document is refused, in one place so they stay alike. */

/** The kinds of file a parsing process reads. */
export type ParsedKind = 'pdf' | 'docx';
type Noun = ParsedKind | 'office' | 'file';
const NAMES: Record<Noun, string> = { pdf: 'PDF', docx: 'Word document', office: 'Office document', file: 'file' };
const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

const unsupported = (sentence: string) => new FileRefusal('unsupported', sentence);
const unreadable = (sentence: string) => new FileRefusal('unreadable', sentence);

export const refusals = {
  unknownKind: () =>
    unsupported(
      "This kind of file can't be read here. Attach a PDF, a Word document (.docx) or a text file (plain text, Markdown, CSV, JSON or code).",
    ),
  notWhatItClaims: (claim: string) =>
    unsupported(
      `This file is named as ${claim} but holds plain text, so it is not what it claims to be. Attach the real file, or rename it to .txt to send its text.`,
    ),
  spreadsheet: () => unsupported("Spreadsheets (.xlsx) can't be read here; save the sheet as CSV and attach that."),
  presentation: () => unsupported("Presentations (.pptx) can't be read here; save it as PDF and attach that."),
  openDocument: () => unsupported("OpenDocument files can't be read here; save it as .docx or PDF and attach that."),
  archive: () => unsupported("Zip archives can't be read here; attach the documents inside one by one."),
  legacyOffice: () =>
    unsupported("Older Office files (.doc, .xls, .ppt) can't be read here; save it as .docx or PDF and attach that."),
  empty: () => unreadable('This file is empty.'),
  noText: (kind: Noun) => unreadable(`This ${NAMES[kind]} has no text in it.`),
  scanned: () =>
    unreadable(
      "This PDF has no text layer (it looks scanned), and scanned pages can't be read here. Attach a PDF with selectable text, or photos of the pages.",
    ),
  passwordProtected: (kind: Noun) =>
    unreadable(`This ${NAMES[kind]} is password-protected; remove the password and attach it again.`),
  damaged: (kind: Noun) =>
    unreadable(`This ${NAMES[kind]} is damaged and can't be opened; save or export it again and attach the new copy.`),
  tooManyPages: (pages: number, maxPages: number) =>
    unreadable(
      `This PDF has ${pages} pages; at most ${maxPages} can be read. Attach the pages you need as a smaller PDF.`,
    ),
  expandsTooFar: (maxBytes: number) =>
    unreadable(
      `This Word document unpacks to more than ${megabytes(maxBytes)}, more than can be read; split it into smaller documents.`,
    ),
  tooManyEntries: () =>
    unreadable('This file holds too many files inside to be read; attach the documents one by one.'),
  tooLong: (bytes: number, maxBytes: number) =>
    unreadable(`This file is ${megabytes(bytes)}; at most ${megabytes(maxBytes)} of text can be read.`),
  streamTooLarge: (maxBytes: number) =>
    unreadable(
      `This PDF holds a compressed part that unpacks to more than ${megabytes(maxBytes)}, more than can be read; print it to a new PDF and attach that.`,
    ),
  tooSlow: (kind: ParsedKind) =>
    unreadable(`This ${NAMES[kind]} took too long to read; split it into smaller documents and attach those.`),
  tooHeavy: (kind: ParsedKind) =>
    unreadable(`This ${NAMES[kind]} needs too much memory to read; split it into smaller documents and attach those.`),
};
