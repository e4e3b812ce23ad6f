export type DocumentFormat = 'pdf' | 'docx' | 'text' | 'markdown' | 'csv' | 'json' | 'code';

export interface DocumentPart {
  /** Where the part is, for the model and the user: "page 3", "section “Results”", "lines 1-120". */
  label: string;
  /** PDFs: the 1-based page number. */
  page?: number;
  /** Trimmed, never empty, at most about MAX_PART_CHARS. */
  text: string;
}

export interface ExtractedDocument {
  format: DocumentFormat;
  /** What the document is served as. */
  mediaType: string;
  /** PDFs: the page count. */
  pages?: number;
  parts: DocumentPart[];
  /** The length of all the parts' text. */
  characters: number;
}

export interface DocumentLimits {
  /** PDFs with more pages are refused before any page is read. */
  maxPages: number;
  /** The most a DOCX may expand to (all its zip entries), and the largest text file read. */
  maxExpandedBytes: number;
  /** How long parsing a PDF or DOCX may take. */
  timeoutMs: number;
  /** The most one PDF stream may inflate to: pdf.js holds it twice over, whole, while it copies it. */
  maxStreamBytes: number;
  /** The memory of the process that parses a PDF or DOCX, its own start (about 60 MB) included. */
  memoryMb: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxPages: 500,
  maxExpandedBytes: 50 * 1024 * 1024,
  timeoutMs: 20_000,
  maxStreamBytes: 64 * 1024 * 1024,
  memoryMb: 256,
};

/** Small enough to rank and fit into a context window part by part, large enough to read alone. */
export const MAX_PART_CHARS = 2_000;

export const MEDIA_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  code: 'text/plain',
};

export function extractedDocument(format: DocumentFormat, parts: DocumentPart[], pages?: number): ExtractedDocument {
  const characters = parts.reduce((sum, part) => sum + part.text.length, 0);
  return { format, mediaType: MEDIA_TYPES[format], ...(pages === undefined ? {} : { pages }), parts, characters };
}
