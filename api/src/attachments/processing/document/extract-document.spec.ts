import {
  FixtureFolder,
  REPORT_BLOCKS,
  docx,
  largeText,
  pageTopic,
  readingsCsv,
  settingsJson,
  textPdf,
} from '../../../../test/fixtures/files/make-documents';
import { type ExtractedDocument, MAX_PART_CHARS } from './document-types';
import { extractDocument } from './extract-document';

const files = new FixtureFolder();
afterAll(() => files.remove());

const extract = async (bytes: Buffer | Promise<Buffer>, fileName: string) =>
  extractDocument(await files.write(bytes), fileName);

/** What every document promises: parts trimmed, never empty, at most MAX_PART_CHARS, counted in `characters`. */
function expectWellFormed(document: ExtractedDocument): void {
  for (const part of document.parts) {
    expect(part.text).toBe(part.text.trim());
    expect(part.text.length).toBeGreaterThan(0);
    expect(part.text.length).toBeLessThanOrEqual(MAX_PART_CHARS);
  }
  expect(document.characters).toBe(document.parts.reduce((sum, part) => sum + part.text.length, 0));
}

const labels = (document: ExtractedDocument) => document.parts.map((part) => part.label);

describe(extractDocument.name, () => {
  describe('PDF', () => {
    it('reads a part per page, each labelled and numbered with its page', async () => {
      const sut = await extract(textPdf(10), 'survey.pdf');

      expect(sut).toMatchObject({ format: 'pdf', mediaType: 'application/pdf', pages: 10 });
      expect(labels(sut)).toEqual(Array.from({ length: 10 }, (_, i) => `page ${i + 1}`));
      expect(sut.parts.map((part) => part.page)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(sut.parts.filter((part) => part.text.includes('radon')).map((part) => part.page)).toEqual([7]);
      expect(sut.parts[6].text).toContain(`Page 7 of the house survey: ${pageTopic(7)}.`);
      expectWellFormed(sut);
    });

    it('splits a long page into numbered parts of the same page, losing no text', async () => {
      const sut = await extract(textPdf(2, { charsPerPage: 6_000 }), 'long.pdf');

      const firstPage = sut.parts.filter((part) => part.page === 1);
      expect(firstPage.length).toBeGreaterThanOrEqual(3);
      expect(firstPage.map((part) => part.label)).toEqual(
        firstPage.map((_, i) => `page 1 (${i + 1}/${firstPage.length})`),
      );
      expect(sut.parts[sut.parts.length - 1].label).toMatch(/^page 2 \(\d+\/\d+\)$/);
      const words = (text: string) => text.split(/\s+/).join(' ');
      expect(words(firstPage.map((part) => part.text).join(' '))).toContain(
        words(`About ${pageTopic(1)}: Readings above the action level call for a second visit`),
      );
      expectWellFormed(sut);
    });

    it('reads a PDF by its bytes whatever its name says', async () => {
      const sut = await extract(textPdf(1), 'notes.txt');

      expect(sut).toMatchObject({ format: 'pdf', pages: 1 });
    });
  });

  describe('Word documents', () => {
    it('reads a part per heading, the text before the first heading apart, tables row by row', async () => {
      const sut = await extract(docx(REPORT_BLOCKS), 'blood-test.docx');

      expect(sut).toMatchObject({
        format: 'docx',
        mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
      expect(sut.pages).toBeUndefined();
      expect(sut.parts).toEqual([
        { label: 'start of the document', text: 'Patient reference 4471, sample taken on 3 March.' },
        {
          label: 'section “Results”',
          text: [
            'Results',
            'All values were measured on the morning sample.',
            'Test | Value | Range',
            'Haemoglobin | 13.9 g/dL | 13.0-17.0',
            'Ferritin | 18 ng/mL | 30-400',
          ].join('\n'),
        },
        {
          label: 'section “Conclusion”',
          text: 'Conclusion\nLow ferritin: iron stores are depleted; repeat in eight weeks.',
        },
      ]);
      expectWellFormed(sut);
    });

    it('joins a heading straight after another to its section and splits a long section', async () => {
      const paragraphs = Array.from({ length: 40 }, (_, i) => ({
        paragraph: `Finding ${i + 1}: the iron stores were measured again and the value was written down.`,
      }));
      const sut = await extract(
        docx([{ heading: 'Results' }, { heading: 'Blood count', level: 2 }, ...paragraphs]),
        'results.docx',
      );

      expect(labels(sut)).toEqual(['section “Blood count” (1/2)', 'section “Blood count” (2/2)']);
      expect(sut.parts[0].text.startsWith('Results\nBlood count\nFinding 1:')).toBe(true);
      expect(sut.parts[1].text).toContain('Finding 40:');
      expectWellFormed(sut);
    });

    it('reads a document without headings in parts of paragraphs', async () => {
      const paragraphs = Array.from({ length: 60 }, (_, i) => ({
        paragraph: `Note ${i + 1}: the meeting moved the garden works to the spring and kept the budget.`,
      }));
      const sut = await extract(docx(paragraphs), 'notes.docx');

      expect(sut.parts[0].label).toMatch(/^paragraphs 1-\d+$/);
      expect(sut.parts[sut.parts.length - 1].label).toMatch(/^paragraphs \d+-60$/);
      expect(sut.parts[sut.parts.length - 1].text).toContain('Note 60:');
      expectWellFormed(sut);
    });

    it('reads a Word document by its bytes whatever its name says', async () => {
      const sut = await extract(docx(REPORT_BLOCKS), 'report.pdf');

      expect(sut.format).toBe('docx');
    });
  });

  describe('text files', () => {
    it('reads plain text in parts of whole lines, labelled with the lines they hold', async () => {
      const sut = await extract(largeText(400), 'minutes.txt');

      expect(sut).toMatchObject({ format: 'text', mediaType: 'text/plain' });
      expect(sut.parts.length).toBeGreaterThan(5);
      let next = 1;
      for (const part of sut.parts) {
        const [, first, last] = /^lines (\d+)-(\d+)$/.exec(part.label) ?? [];
        expect(Number(first)).toBe(next);
        expect(part.text.startsWith(`Line ${first}:`)).toBe(true);
        expect(part.text.endsWith(`marker ${last}.`)).toBe(true);
        next = Number(last) + 1;
      }
      expect(next).toBe(401);
      expectWellFormed(sut);
    });

    it('puts the header row of a CSV in front of every part and keeps a quoted line break in its record', async () => {
      const sut = await extract(readingsCsv(200), 'readings.csv');

      expect(sut).toMatchObject({ format: 'csv', mediaType: 'text/csv' });
      expect(sut.parts.length).toBeGreaterThan(2);
      for (const part of sut.parts) expect(part.text.startsWith('date,room,radon_bq_m3,comment\n2024-')).toBe(true);
      expect(sut.parts[0].label).toMatch(/^lines 2-\d+$/);
      expect(sut.parts[0].text).toContain('"window open,\nfan running"');
      expect(sut.parts[sut.parts.length - 1].label).toMatch(/-202$/);
      expectWellFormed(sut);
    });

    it('reads JSON that parses as JSON, and JSON that does not as plain text', async () => {
      const json = await extract(settingsJson(), 'settings.json');
      const broken = await extract(Buffer.from('{ "theme": "dark",'), 'settings.json');

      expect(json).toMatchObject({ format: 'json', mediaType: 'application/json' });
      expect(json.parts[0]).toMatchObject({ label: expect.stringMatching(/^lines 1-\d+$/) });
      expect(broken).toMatchObject({ format: 'text', mediaType: 'text/plain', parts: [{ label: 'line 1' }] });
    });

    it('cuts a line longer than a part into numbered parts of that line', async () => {
      const minified = JSON.stringify(Array.from({ length: 600 }, (_, i) => ({ room: `room ${i}`, radon: i })));
      const sut = await extract(Buffer.from(minified), 'readings.json');

      expect(sut.format).toBe('json');
      expect(sut.parts.length).toBeGreaterThan(2);
      expect(labels(sut)).toEqual(sut.parts.map((_, i) => `line 1 (${i + 1}/${sut.parts.length})`));
      expectWellFormed(sut);
    });

    it('labels source code as code and Markdown by its sections', async () => {
      const code = await extract(Buffer.from('def radon(level):\n    return level > 300\n'), 'check.py');
      const markdown = await extract(
        Buffer.from(
          [
            'Intro line',
            '',
            '# Results',
            'Ferritin is low.',
            '```',
            '# not a heading',
            '```',
            '## Next steps',
            'Repeat.',
          ].join('\n'),
        ),
        'notes.md',
      );

      expect(code).toMatchObject({ format: 'code', mediaType: 'text/plain', parts: [{ label: 'lines 1-2' }] });
      expect(markdown).toMatchObject({ format: 'markdown', mediaType: 'text/markdown' });
      expect(labels(markdown)).toEqual(['line 1', 'section “Results”, lines 3-7', 'section “Next steps”, lines 8-9']);
    });

    it('decodes UTF-16 and UTF-8 with a byte order mark', async () => {
      const text = 'Grüße: radon 120 Bq/m³';
      const utf16 = await extract(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'a.txt');
      const utf8 = await extract(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'b.txt');

      expect(utf16.parts).toEqual([{ label: 'line 1', text }]);
      expect(utf8.parts).toEqual([{ label: 'line 1', text }]);
    });

    it('reads text by its bytes whatever text name it has, or none', async () => {
      for (const name of ['roof', 'roof.log', 'roof.notes']) {
        const sut = await extract(Buffer.from('Just a note about the roof.'), name);

        expect(sut).toMatchObject({ format: 'text', parts: [{ label: 'line 1' }] });
      }
    });

    it.each([
      ['scan.pdf', 'a PDF'],
      ['photo.JPG', 'an image'],
      ['report.docx', 'a Word document'],
    ])('refuses text named %s as not what it claims (415), naming what its name says', async (name, claim) => {
      await expect(extract(Buffer.from('<html>Please sign in</html>'), name)).rejects.toMatchObject({
        reason: 'unsupported',
        message: expect.stringContaining(`named as ${claim} but holds plain text`),
      });
    });
  });
});
