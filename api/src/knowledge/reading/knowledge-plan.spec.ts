import type { PassageMeta } from '../retrieval/passage.store';
import { planKnowledge, type PlannedFile, rowSpans, wholeCost } from './knowledge-plan';
import { knowledgeText } from './knowledge-text';

const file = (id: string, count: number, options: { table?: boolean; tokens?: number } = {}): PlannedFile => {
  const rows = 10;
  const passages: PassageMeta[] = Array.from({ length: count }, (_, ordinal) => ({
    id: `${id}:${ordinal}`,
    fileId: id,
    ordinal,
    label: options.table ? `rows ${ordinal * rows + 1}-${(ordinal + 1) * rows}` : `page ${ordinal + 1}`,
    page: options.table ? null : ordinal + 1,
    firstRow: options.table ? ordinal * rows + 1 : null,
    lastRow: options.table ? (ordinal + 1) * rows : null,
    tokens: options.tokens ?? 100,
  }));
  return {
    id,
    name: `knowledge/${id}`,
    mediaType: options.table ? 'text/csv' : 'application/pdf',
    pages: options.table ? null : count,
    tableRows: options.table ? count * rows : null,
    version: 'v1',
    passages,
  };
};

const ids = (passages: PassageMeta[]) => passages.map((p) => p.id);

describe(planKnowledge.name, () => {
  it('gives everything, in order, when the whole fits', () => {
    const files = [file('a.pdf', 3), file('b.pdf', 2)];
    const sut = planKnowledge(files, wholeCost(files), new Map(), false);
    expect(sut.read).toBe('whole');
    expect(ids(sut.chosen)).toEqual(['a.pdf:0', 'a.pdf:1', 'a.pdf:2', 'b.pdf:0', 'b.pdf:1']);
  });

  it('otherwise takes the most relevant passages with their neighbours, back in document order', () => {
    const files = [file('long.pdf', 300)];
    const scores = new Map([
      ['long.pdf:211', 0.03],
      ['long.pdf:39', 0.01],
    ]);
    const sut = planKnowledge(files, 1200, scores, false);
    expect(sut.read).toBe('passages');
    expect(ids(sut.chosen)).toEqual([
      'long.pdf:38',
      'long.pdf:39',
      'long.pdf:40',
      'long.pdf:210',
      'long.pdf:211',
      'long.pdf:212',
    ]);
  });

  it('never passes the budget: a hit without room for its neighbours comes alone', () => {
    const files = [file('long.pdf', 50)];
    const sut = planKnowledge(files, 500, new Map([['long.pdf:10', 1]]), false);
    expect(ids(sut.chosen)).toEqual(['long.pdf:10']);
  });

  it('says which rows of a table a question about its rows got', () => {
    const files = [file('sales.csv', 500, { table: true })];
    const sut = planKnowledge(files, 1500, new Map([['sales.csv:100', 1]]), false);
    expect(sut.cutTables).toEqual([{ file: files[0], rows: 'rows 991-1,020' }]);
  });

  it('gives a question about a whole table the table from its first row on, and says how far', () => {
    const files = [file('notes.pdf', 20), file('sales.csv', 500, { table: true })];
    const sut = planKnowledge(files, 3000, new Map([['notes.pdf:3', 1]]), true);
    expect(sut.chosen[0].id).toBe('sales.csv:0');
    expect(sut.cutTables).toEqual([{ file: files[1], rows: expect.stringMatching(/^rows 1-\d+0$/) }]);
    const text = knowledgeText(sut, files, new Map(), []);
    expect(text).toContain(
      `IMPORTANT: knowledge/sales.csv is a table of 5,000 rows and you were given ${sut.cutTables[0].rows}`,
    );
    expect(text).toMatch(/- knowledge\/sales\.csv \(CSV table, 5,000 rows\): rows 1-\d+ of 5,000 only/);
  });

  it('gives such a question the whole table when it fits, before other passages', () => {
    const files = [file('notes.pdf', 40), file('sales.csv', 10, { table: true, tokens: 50 })];
    const sut = planKnowledge(files, 1500, new Map([['notes.pdf:3', 1]]), true);
    expect(sut.cutTables).toEqual([]);
    expect(ids(sut.chosen)).toEqual(expect.arrayContaining(ids(files[1].passages)));
  });
});

describe(rowSpans.name, () => {
  it('joins adjacent runs and formats large numbers', () => {
    const passages = [1, 2, 121].map((n) => ({ firstRow: (n - 1) * 10 + 1, lastRow: n * 10 }) as PassageMeta);
    expect(rowSpans(passages)).toBe('rows 1-20 and 1,201-1,210');
  });
});
