import { csvRecordCount, filePassages, isTableRow } from './file-passages';

const part = (label: string, text: string, page?: number) => ({ label, text, tokens: 10, ...(page && { page }) });

describe(filePassages.name, () => {
  it('numbers a CSV’s data rows across its parts, its header row not counted', () => {
    const sut = filePassages({
      mediaType: 'text/csv',
      parts: [
        part('lines 2-4', 'day,amount\nmon,1\ntue,2\nwed,"3\nnote"'),
        part('lines 6-7', 'day,amount\nthu,4\nfri,5'),
      ],
    });
    expect(sut.tableRows).toBe(5);
    expect(sut.passages.map((p) => [p.label, p.firstRow, p.lastRow])).toEqual([
      ['rows 1-3', 1, 3],
      ['rows 4-5', 4, 5],
    ]);
  });

  it('counts a quoted line break as inside its record', () => {
    expect(csvRecordCount('a,b\n1,"x\ny"\n2,z\n')).toBe(3);
  });

  it('takes a PDF whose pages are mostly rows of figures as a table, and says the rows of each page', () => {
    const rows = (from: number) =>
      Array.from({ length: 6 }, (_, i) => `Item-${from + i} ${from + i} 12.50 EUR 3`).join('\n');
    const sut = filePassages({
      mediaType: 'application/pdf',
      pages: 2,
      parts: [part('page 1', `Price list\n${rows(1)}`, 1), part('page 2', rows(7), 2)],
    });
    expect(sut.tableRows).toBe(12);
    expect(sut.passages.map((p) => p.label)).toEqual(['page 1, rows 1-6', 'page 2, rows 7-12']);
  });

  it('leaves a PDF of prose as it was read, page by page', () => {
    const sut = filePassages({
      mediaType: 'application/pdf',
      pages: 1,
      parts: [part('page 1', 'In 2023 the clinic saw 40 patients a week.\nMost came in spring.', 1)],
    });
    expect(sut.tableRows).toBeUndefined();
    expect(sut.passages).toEqual([expect.objectContaining({ ordinal: 0, label: 'page 1', page: 1 })]);
  });

  it('tells a row of figures from a sentence with numbers', () => {
    expect(isTableRow('2024-03-01 Ferritin 12 30 ng/mL')).toBe(true);
    expect(isTableRow('She was 42 when she moved in 2019 to a new town')).toBe(false);
  });
});
