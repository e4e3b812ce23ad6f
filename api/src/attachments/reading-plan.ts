import type { StoredPart } from './attachment.store';

/** One document's parts as the planner sees them. */
export interface PlannedDocument {
  id: string;
  pages: number | null;
  parts: StoredPart[];
}

export interface DocumentReading {
  id: string;
  /** Absent: the whole document. */
  readParts?: number[];
  readSummary: string;
  tokens: number;
}

/** What the tags and labels around a part cost beyond its own text. */
export const PART_OVERHEAD_TOKENS = 8;
export const DOCUMENT_OVERHEAD_TOKENS = 24;

const partCost = (part: StoredPart) => part.tokens + PART_OVERHEAD_TOKENS;

/** "3-9 and 41", "2, 4 and 7-8": numbers as a reader says them. */
export function spans(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.length <= 1 ? (runs[0] ?? '') : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
}

/** What was read of a document, in words: "the whole document", "pages 3-9 and 41 of 80", "parts 1-2 of 12". */
export function readingSummary(document: PlannedDocument, chosen: StoredPart[]): string {
  if (chosen.length === document.parts.length) return 'the whole document';
  if (!chosen.length) return 'nothing (no room left beside the message)';
  const pages = chosen.map((part) => part.page).filter((page): page is number => page !== null);
  if (document.pages && pages.length === chosen.length) {
    const distinct = new Set(pages);
    return `${distinct.size === 1 ? 'page' : 'pages'} ${spans(pages)} of ${document.pages}`;
  }
  const ordinals = chosen.map((part) => part.ordinal + 1);
  return `${ordinals.length === 1 ? 'part' : 'parts'} ${spans(ordinals)} of ${document.parts.length}`;
}

/**
 * Which parts of the documents the model reads, within `budget` tokens: everything when it fits; else the parts
 * ranked most relevant to the question first (ties, and parts sharing no word with it, in reading order), each
 * taken while it fits, then put back in reading order. `rank` maps "<document id>:<ordinal>" to a relevance.
 */
export function planReading(
  documents: PlannedDocument[],
  budget: number,
  rank: Map<string, number>,
): DocumentReading[] {
  const total = documents.reduce(
    (sum, document) => sum + DOCUMENT_OVERHEAD_TOKENS + document.parts.reduce((s, part) => s + partCost(part), 0),
    0,
  );
  if (total <= budget)
    return documents.map((document) => ({
      id: document.id,
      readSummary: 'the whole document',
      tokens: DOCUMENT_OVERHEAD_TOKENS + document.parts.reduce((s, part) => s + partCost(part), 0),
    }));

  let left = budget - documents.length * DOCUMENT_OVERHEAD_TOKENS;
  const candidates = documents.flatMap((document, index) => document.parts.map((part) => ({ part, index })));
  const relevance = ({ part }: { part: StoredPart }) => rank.get(`${part.attachmentId}:${part.ordinal}`) ?? 0;
  candidates.sort((a, b) => relevance(b) - relevance(a) || a.index - b.index || a.part.ordinal - b.part.ordinal);
  const chosen = new Set<StoredPart>();
  for (const candidate of candidates) {
    const cost = partCost(candidate.part);
    if (cost > left) continue;
    chosen.add(candidate.part);
    left -= cost;
  }
  return documents.map((document) => {
    const read = document.parts.filter((part) => chosen.has(part));
    return {
      id: document.id,
      readParts: read.map((part) => part.ordinal),
      readSummary: readingSummary(document, read),
      tokens: DOCUMENT_OVERHEAD_TOKENS + read.reduce((s, part) => s + partCost(part), 0),
    };
  });
}

/** A document's text for the model: its chosen parts under their labels, with a line saying what was left out. */
export function documentText(parts: StoredPart[], summary: string): string {
  const body = parts.map((part) => `[${part.label}]\n${part.text}`).join('\n\n');
  return summary === 'the whole document'
    ? body
    : `(Too long to read whole here: these are the parts most relevant to the question, ${summary}.)\n\n${body}`;
}
