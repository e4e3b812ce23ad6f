import type { ReadDocument } from '../../attachments';

/** One passage of a knowledge file as it is kept: where it is, the rows of a table it holds, its text and tokens. */
export interface FilePassage {
  ordinal: number;
  /** "page 212", "section “Results”, lines 3-40", "rows 1-39". */
  label: string;
  page?: number;
  firstRow?: number;
  lastRow?: number;
  text: string;
  tokens: number;
}

/** A knowledge file read: what it is, its pages, its rows when it is a table, and its passages in order. */
export interface FileReading {
  mediaType: string;
  pages?: number;
  /** A table's data rows (its header row not counted): a CSV, or a PDF most of whose pages are rows of figures. */
  tableRows?: number;
  passages: FilePassage[];
}

const CSV = 'text/csv';
const PDF = 'application/pdf';

/** Records in CSV text: line breaks inside quoted fields do not end one. */
export function csvRecordCount(text: string): number {
  let count = 0;
  let quoted = false;
  let open = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === '\n' && !quoted) {
      if (open) count++;
      open = false;
    } else if (!/\s/.test(char)) open = true;
  }
  return count + (open ? 1 : 0);
}

const NUMBER = /^[-+(]?[$€£]?\d[\d.,]*%?\)?$/;

/** A line of a spreadsheet printed as a PDF: three or more fields, at least two of them figures, figures two in five. */
export function isTableRow(line: string): boolean {
  const fields = line.trim().split(/\s+/).filter(Boolean);
  if (fields.length < 3) return false;
  const figures = fields.filter((field) => NUMBER.test(field)).length;
  return figures >= 2 && figures / fields.length >= 0.4;
}

const tableRowsIn = (text: string) => text.split('\n').filter(isTableRow).length;

/** A page that is a table: five lines or more, three in five of them rows of figures. */
function isTablePage(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim());
  return lines.length >= 5 && lines.filter(isTableRow).length / lines.length >= 0.6;
}

const rowsLabel = (first: number, last: number) => (first === last ? `row ${first}` : `rows ${first}-${last}`);

/** Numbers each part's rows in turn; a part holding none keeps its label and gets no rows. */
function numbered(
  parts: ReadDocument['parts'],
  rowsOf: (text: string, index: number) => number,
  label: (part: ReadDocument['parts'][number], rows: string) => string,
): { passages: FilePassage[]; rows: number } {
  let rows = 0;
  const passages = parts.map((part, ordinal): FilePassage => {
    const count = rowsOf(part.text, ordinal);
    const base = { ordinal, page: part.page, text: part.text, tokens: part.tokens };
    if (count <= 0) return { ...base, label: part.label };
    const firstRow = rows + 1;
    rows += count;
    return { ...base, label: label(part, rowsLabel(firstRow, rows)), firstRow, lastRow: rows };
  });
  return { passages, rows };
}

/**
 * The passages of a read file: its parts as they are, numbered; a table's parts say which of its rows they hold
 * ("rows 41-80"; a PDF's "page 3, rows 41-80"), so a passage given alone never passes for the whole table.
 */
export function filePassages(document: ReadDocument): FileReading {
  const { mediaType, pages, parts } = document;
  const base = { mediaType, ...(pages !== undefined && { pages }) };
  if (mediaType === CSV && parts.length) {
    // The header row heads every part (or only the first, when it is long): it is not a row of data.
    const header = parts[0].text.split('\n')[0];
    const { passages, rows } = numbered(
      parts,
      (text) => csvRecordCount(text) - (text === header || text.startsWith(`${header}\n`) ? 1 : 0),
      (_part, rows) => rows,
    );
    return { ...base, tableRows: rows, passages };
  }
  if (mediaType === PDF) {
    const texts = parts.map((part) => part.text);
    const tablePages = texts.filter(isTablePage).length;
    if (tablePages > 0 && tablePages * 2 >= texts.length) {
      const { passages, rows } = numbered(parts, tableRowsIn, (part, rows) => `${part.label}, ${rows}`);
      return { ...base, tableRows: rows, passages };
    }
  }
  return { ...base, passages: parts.map((part, ordinal) => ({ ordinal, ...part })) };
}
