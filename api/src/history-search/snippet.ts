import type { HighlightRange } from '@mb/contracts/types/wire/search-response';

/** The marks ts_headline puts around matched words: control characters, removed from the text beforehand. */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

export interface Snippet {
  snippet: string;
  highlights: HighlightRange[];
}

const ELLIPSIS = '…';
/** About two lines of a results list. */
const SNIPPET_LENGTH = 180;
/** Text kept before the first match, so it is read in context. */
const LEAD = 50;

/**
 * Text marked by ts_headline (possibly twice, once per language, so marks may nest) as plain text and the
 * ranges of its marked words, merged where they touch.
 */
export function parseMarked(marked: string): Snippet {
  let text = '';
  let depth = 0;
  let start = 0;
  const highlights: HighlightRange[] = [];
  for (const char of marked) {
    if (char === MARK_START) {
      if (depth++ === 0) start = text.length;
    } else if (char === MARK_END) {
      if (depth > 0 && --depth === 0 && text.length > start) {
        const last = highlights.at(-1);
        if (last && last.end === start) last.end = text.length;
        else highlights.push({ start, end: text.length });
      }
    } else {
      text += char;
    }
  }
  return { snippet: text, highlights };
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** Cuts a long text to a window around its first match, at word boundaries, with ellipses where cut. */
export function cutAround({ snippet: text, highlights }: Snippet, length = SNIPPET_LENGTH): Snippet {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  if (text.length <= length) return { snippet: flat(text), highlights: remap(text, 0, highlights) };
  const first = highlights[0]?.start ?? 0;
  let from = Math.max(0, Math.min(first - LEAD, text.length - length));
  let to = Math.min(text.length, from + length);
  // Never split a word (nor a surrogate pair): move outwards to the nearest space, inwards when none is near.
  while (from > 0 && !isSpace(text[from - 1]) && first - from < LEAD + 20) from--;
  while (from > 0 && !isSpace(text[from - 1])) from++;
  while (to < text.length && !isSpace(text[to]) && to - from < length + 20) to++;
  while (to < text.length && !isSpace(text[to]) && to > first) to--;
  const inside = highlights
    .filter((h) => h.start >= from && h.end <= to)
    .map((h) => ({ start: h.start - from, end: h.end - from }));
  const part = text.slice(from, to);
  const lead = from > 0 ? ELLIPSIS : '';
  const trail = to < text.length ? ELLIPSIS : '';
  const trimmedStart = part.length - part.trimStart().length;
  const body = part.trim();
  const shifted = inside.map((h) => ({ start: h.start - trimmedStart, end: h.end - trimmedStart }));
  const mapped = remap(body, 0, shifted);
  return {
    snippet: lead + flat(body) + trail,
    highlights: mapped.map((h) => ({ start: h.start + lead.length, end: h.end + lead.length })),
  };
}

/** Moves ranges of `text` to where they fall once its runs of white space become single spaces. */
function remap(text: string, offset: number, ranges: HighlightRange[]): HighlightRange[] {
  if (!ranges.length) return [];
  const newIndex: number[] = [];
  let out = 0;
  for (let i = 0; i < text.length; i++) {
    newIndex.push(out);
    if (!(/\s/.test(text[i]) && /\s/.test(text[i - 1] ?? ''))) out++;
  }
  newIndex.push(out);
  return ranges
    .filter((r) => r.start >= 0 && r.end <= text.length)
    .map((r) => ({ start: newIndex[r.start] + offset, end: newIndex[r.end] + offset }));
}

export const snippetOf = (marked: string): Snippet => cutAround(parseMarked(marked));
