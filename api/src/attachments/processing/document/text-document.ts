import { extname } from 'node:path';
import {
  type DocumentFormat,
  type DocumentPart,
  type ExtractedDocument,
  extractedDocument,
  MAX_PART_CHARS,
} from './document-types';
import { groupSpans, sectionLabel, type Span } from './split-text';

export type TextFormat = Extract<DocumentFormat, 'text' | 'markdown' | 'csv' | 'json' | 'code'>;

const CODE_EXTENSIONS = (
  'bash c cc cjs cpp cs css dart go h hpp html ini java js jsx kt kts lua m mjs php pl py r rb rs scala scss sh ' +
  'sql svelte swift toml ts tsx vue xml yaml yml zsh'
).split(' ');
const FORMAT_BY_EXTENSION: Record<string, TextFormat> = {
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  json: 'json',
  ...Object.fromEntries(CODE_EXTENSIONS.map((extension) => [extension, 'code'])),
};

/** Names of formats that are never text: a file so named whose bytes are text is not what it claims to be. */
const BINARY_CLAIMS: Record<string, string> = {
  ...Object.fromEntries(
    'jpg jpeg png gif webp avif heic heif bmp tif tiff'.split(' ').map((extension) => [extension, 'an image']),
  ),
  pdf: 'a PDF',
  docx: 'a Word document',
  doc: 'a Word document',
  xlsx: 'a spreadsheet',
  xls: 'a spreadsheet',
  pptx: 'a presentation',
  ppt: 'a presentation',
  odt: 'an OpenDocument file',
  zip: 'a zip archive',
};

/** What a file's name claims it is, when that is a format whose bytes are never plain text. */
export const binaryClaimOf = (fileName: string): string | undefined =>
  BINARY_CLAIMS[extname(fileName).slice(1).toLowerCase()];

const LINES = { one: 'line', many: 'lines' };

/** The flavour of a text file, which its name may tell; a .json file that does not parse is plain text. */
export function textFormatOf(fileName: string, text: string): TextFormat {
  const format = FORMAT_BY_EXTENSION[extname(fileName).slice(1).toLowerCase()] ?? 'text';
  return format === 'json' && !parsesAsJson(text) ? 'text' : format;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const PARTS_OF: Record<TextFormat, (text: string) => DocumentPart[]> = {
  text: (text) => groupSpans(lineSpans(text), LINES),
  code: (text) => groupSpans(lineSpans(text), LINES),
  json: (text) => groupSpans(lineSpans(text), LINES),
  csv: csvParts,
  markdown: markdownParts,
};

/** Parts by lines ("lines 1-80"); a CSV's header row in front of each part; Markdown's headings start parts. */
export function textDocument(text: string, format: TextFormat): ExtractedDocument {
  return extractedDocument(format, PARTS_OF[format](text));
}

function lineSpans(text: string, firstLine = 1): Span[] {
  return splitLines(text).map((line, i) => ({ text: line, first: firstLine + i, last: firstLine + i }));
}

const splitLines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/**
 * Records, not lines: a quoted field may hold line breaks, and a part must not cut a record in two. The
 * header row goes in front of each part unless it would crowd out the rows.
 */
function csvParts(text: string): DocumentPart[] {
  const [header, ...records] = csvRecords(text).filter((record) => record.text.trim());
  if (!header) return [];
  if (!records.length || header.text.length > MAX_PART_CHARS / 2) return groupSpans([header, ...records], LINES);
  return groupSpans(records, LINES, { prefix: `${header.text.trim()}\n` });
}

function csvRecords(text: string): Span[] {
  const records: Span[] = [];
  let quoted = false;
  let record: string[] = [];
  let first = 1;
  splitLines(text).forEach((line, i) => {
    record.push(line);
    for (const char of line) if (char === '"') quoted = !quoted;
    if (quoted) return;
    records.push({ text: record.join('\n'), first, last: i + 1 });
    record = [];
    first = i + 2;
  });
  if (record.length) records.push({ text: record.join('\n'), first, last: first + record.length - 1 });
  return records;
}

const MARKDOWN_HEADING = /^ {0,3}#{1,6}\s+(.*?)[\s#]*$/;
const MARKDOWN_FENCE = /^ {0,3}(```|~~~)/;

/** Each heading (outside fenced code) starts a section: "section “Results”, lines 12-40". */
function markdownParts(text: string): DocumentPart[] {
  const sections: { title?: string; spans: Span[] }[] = [{ spans: [] }];
  let fenced = false;
  for (const span of lineSpans(text)) {
    if (MARKDOWN_FENCE.test(span.text)) fenced = !fenced;
    const heading = fenced ? undefined : MARKDOWN_HEADING.exec(span.text)?.[1];
    if (heading) sections.push({ title: heading, spans: [] });
    sections[sections.length - 1].spans.push(span);
  }
  return sections.flatMap(({ title, spans }) =>
    groupSpans(spans, LINES, { place: title ? (where) => `${sectionLabel(title)}, ${where}` : undefined }),
  );
}
