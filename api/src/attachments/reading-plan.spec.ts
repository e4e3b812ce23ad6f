import type { StoredPart } from './attachment.store';
import { documentText, planReading, readingSummary, spans, type PlannedDocument } from './reading-plan';

const part = (
  attachmentId: string,
  ordinal: number,
  tokens: number,
  page: number | null = ordinal + 1,
): StoredPart => ({
  attachmentId,
  ordinal,
  label: page ? `page ${page}` : `lines ${ordinal * 10 + 1}-${ordinal * 10 + 10}`,
  page,
  text: `text of part ${ordinal}`,
  tokens,
});

const pdf = (id: string, pages: number, tokensPerPage = 100): PlannedDocument => ({
  id,
  pages,
  parts: Array.from({ length: pages }, (_, i) => part(id, i, tokensPerPage)),
});

describe('reading plan', () => {
  it('says numbers as runs', () => {
    expect(spans([41, 3, 4, 5, 6, 7, 8, 9])).toBe('3-9 and 41');
    expect(spans([2, 4, 7, 8])).toBe('2, 4 and 7-8');
    expect(spans([5])).toBe('5');
  });

  it('reads every document whole when they fit', () => {
    const readings = planReading([pdf('a', 3), pdf('b', 2)], 10_000, new Map());
    expect(readings.map((r) => [r.id, r.readParts, r.readSummary])).toEqual([
      ['a', undefined, 'the whole document'],
      ['b', undefined, 'the whole document'],
    ]);
  });

  it('takes the most relevant pages first, in reading order, within the budget', () => {
    const report = pdf('a', 80);
    const rank = new Map([
      ['a:40', 0.9],
      ['a:2', 0.5],
      ['a:3', 0.4],
    ]);
    // Room for about four pages.
    const [reading] = planReading([report], 4 * 108 + 24, rank);
    expect(reading.readParts).toEqual([0, 2, 3, 40]);
    expect(reading.readSummary).toBe('pages 1, 3-4 and 41 of 80');
    expect(reading.tokens).toBeLessThanOrEqual(4 * 108 + 24);
  });

  it('falls back to reading order when the question shares no word with the document', () => {
    const [reading] = planReading([pdf('a', 10)], 3 * 108 + 24, new Map());
    expect(reading.readSummary).toBe('pages 1-3 of 10');
  });

  it('names parts of documents that have no pages', () => {
    const notes: PlannedDocument = { id: 'n', pages: null, parts: [0, 1, 2, 3].map((i) => part('n', i, 50, null)) };
    expect(readingSummary(notes, [notes.parts[1], notes.parts[2]])).toBe('parts 2-3 of 4');
  });

  it('puts each part under its label, and says when the text is a selection', () => {
    const report = pdf('a', 5);
    expect(documentText(report.parts.slice(0, 1), 'the whole document')).toBe('[page 1]\ntext of part 0');
    expect(documentText([report.parts[3]], 'page 4 of 5')).toMatch(
      /^\(Too long to read whole here.*page 4 of 5\.\)\n\n\[page 4\]/,
    );
  });
});
