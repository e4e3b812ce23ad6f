import { type DocumentPart, MAX_PART_CHARS } from './document-types';

/** Where a long text is best cut, most natural first: a paragraph, a line, a sentence, a clause, a word. */
const BREAKS = ['\n\n', '\n', '. ', '; ', ', ', ' ', ','];

/**
 * A text cut into trimmed, non-empty pieces of at most `max` characters, each cut at the most natural
 * break in the second half of the window (or hard at `max` when there is none).
 */
export function splitText(text: string, max = MAX_PART_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const cut = cutAt(window, Math.floor(max / 2));
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces.filter(Boolean);
}

/** The window is one character longer than a piece, so that a break just after a full piece is found. */
function cutAt(window: string, earliest: number): number {
  const max = window.length - 1;
  for (const mark of BREAKS) {
    const at = window.lastIndexOf(mark, window.length - mark.length);
    if (at >= earliest) return Math.min(at + mark.length, max);
  }
  return /[\uD800-\uDBFF]/.test(window[max - 1]) ? max - 1 : max;
}

/** Parts of one place too long for one part: "page 3 (1/2)", "page 3 (2/2)". */
export function numberedParts(label: string, text: string, extra: Omit<DocumentPart, 'label' | 'text'> = {}) {
  const pieces = splitText(text);
  return pieces.map((piece, i): DocumentPart => ({
    label: pieces.length > 1 ? `${label} (${i + 1}/${pieces.length})` : label,
    ...extra,
    text: piece,
  }));
}

/** A run of numbered units of a document (lines 3-4 of a file hold one CSV record, paragraph 7 of a DOCX). */
export interface Span {
  text: string;
  first: number;
  last: number;
}

export interface SpanNames {
  one: string;
  many: string;
}

/**
 * Consecutive spans gathered into parts of at most MAX_PART_CHARS, labelled by the numbers they cover
 * ("lines 1-80"), each part's text after `prefix` (a CSV's header row), each label through `place`
 * (a section's name). A span too long for a part is cut into numbered parts of its own ("line 5 (2/3)").
 */
export function groupSpans(
  spans: Span[],
  names: SpanNames,
  { prefix = '', place = (where: string) => where }: { prefix?: string; place?: (where: string) => string } = {},
): DocumentPart[] {
  const budget = MAX_PART_CHARS - prefix.length;
  const parts: DocumentPart[] = [];
  let group: Span[] = [];
  let size = 0;
  const flush = () => {
    const start = group.findIndex((span) => span.text.trim());
    const end = group.findLastIndex((span) => span.text.trim());
    if (start >= 0)
      parts.push({
        label: place(where(names, group[start].first, group[end].last)),
        text:
          prefix +
          group
            .slice(start, end + 1)
            .map((span) => span.text)
            .join('\n')
            .trim(),
      });
    group = [];
    size = 0;
  };
  for (const span of spans) {
    if (span.text.length > budget) {
      flush();
      const pieces = splitText(span.text, budget);
      pieces.forEach((piece, i) =>
        parts.push({
          label: place(`${where(names, span.first, span.last)} (${i + 1}/${pieces.length})`),
          text: prefix + piece,
        }),
      );
      continue;
    }
    if (size + span.text.length + 1 > budget) flush();
    group.push(span);
    size += span.text.length + 1;
  }
  flush();
  return parts;
}

const where = (names: SpanNames, first: number, last: number) =>
  first === last ? `${names.one} ${first}` : `${names.many} ${first}-${last}`;

/** "section “Results”", the title shortened so a label stays a label. */
export function sectionLabel(title: string): string {
  const short = title.length > 60 ? `${title.slice(0, 59).trimEnd()}…` : title;
  return `section “${short}”`;
}

/** One space between words, lines trimmed, at most one blank line in a row, no control characters. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?!\n)\p{Cc}/gu, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
