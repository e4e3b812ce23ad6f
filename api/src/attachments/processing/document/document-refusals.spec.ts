import { ChildProcess } from 'node:child_process';
import {
  FixtureFolder,
  binaryFile,
  brokenDocx,
  crowdedDocx,
  docx,
  encryptedOfficeFile,
  encryptedPdf,
  legacyWordFile,
  plainZip,
  scannedPageImage,
  scannedPdf,
  textPdf,
  truncatedPdf,
  understatedDocx,
  xlsxLikeZip,
  zipBombDocx,
} from '../../../../test/fixtures/files/make-documents';
import { pdfBomb } from '../../../../test/fixtures/files/make-bombs';
import { FileRefusal } from '../file-refusal';
import { type DocumentLimits } from './document-types';
import { extractDocument } from './extract-document';

const files = new FixtureFolder();
afterAll(() => files.remove());

async function refusalOf(
  bytes: Buffer | Promise<Buffer>,
  fileName: string,
  limits?: Partial<DocumentLimits>,
): Promise<FileRefusal> {
  const path = await files.write(bytes);
  const error = await extractDocument(path, fileName, limits).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FileRefusal);
  const refusal = error as FileRefusal;
  expect(refusal.message).not.toContain(path);
  return refusal;
}

describe('refused documents', () => {
  describe('files of a kind that is not read', () => {
    it.each([
      ['a binary named like a PDF', binaryFile(), 'report.pdf', /^This kind of file can't be read here\./],
      ['an image', scannedPageImage(), 'page.png', /^This kind of file can't be read here\./],
      [
        'an Excel workbook',
        xlsxLikeZip(),
        'sheet.xlsx',
        /^Spreadsheets \(\.xlsx\) can't be read here; save the sheet as CSV/,
      ],
      ['a zip of text files', plainZip(), 'notes.docx', /^Zip archives can't be read here/],
      ['an old Word file', legacyWordFile(), 'letter.doc', /^Older Office files/],
      ['text with a NUL byte', Buffer.from('plain words\0and more'), 'notes.txt', /^This kind of file/],
    ])('refuses %s as unsupported', async (_what, bytes, fileName, message) => {
      const sut = await refusalOf(bytes, fileName);

      expect(sut.reason).toBe('unsupported');
      expect(sut.message).toMatch(message);
    });
  });

  describe('documents that cannot be read', () => {
    it.each([
      [
        'a scanned PDF',
        scannedPdf(),
        "This PDF has no text layer (it looks scanned), and scanned pages can't be read here. Attach a PDF with selectable text, or photos of the pages.",
      ],
      ['an encrypted PDF', encryptedPdf(), 'This PDF is password-protected; remove the password and attach it again.'],
      [
        'a truncated PDF',
        truncatedPdf(),
        "This PDF is damaged and can't be opened; save or export it again and attach the new copy.",
      ],
      [
        'a password-protected Office document',
        encryptedOfficeFile(),
        'This Office document is password-protected; remove the password and attach it again.',
      ],
      [
        'a Word document mammoth cannot parse',
        brokenDocx(),
        "This Word document is damaged and can't be opened; save or export it again and attach the new copy.",
      ],
      ['an empty file', Buffer.alloc(0), 'This file is empty.'],
      ['a file of blank lines', Buffer.from('\n   \n\t\n'), 'This file has no text in it.'],
    ])('refuses %s as unreadable', async (_what, bytes, message) => {
      const sut = await refusalOf(bytes, 'attachment');

      expect(sut).toMatchObject({ reason: 'unreadable', message });
    });
  });

  describe('limits', () => {
    it('refuses a PDF of more pages than the cap, saying how many it has', async () => {
      const sut = await refusalOf(textPdf(12), 'long.pdf', { maxPages: 10 });

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message: 'This PDF has 12 pages; at most 10 can be read. Attach the pages you need as a smaller PDF.',
      });
    });

    it('stops the process reading a PDF that takes longer than the time cap', async () => {
      const kill = jest.spyOn(ChildProcess.prototype, 'kill');
      try {
        const sut = await refusalOf(textPdf(150, { charsPerPage: 3_000 }), 'big.pdf', { timeoutMs: 1 });

        expect(sut).toMatchObject({ reason: 'unreadable', message: expect.stringContaining('took too long to read') });
        expect(kill).toHaveBeenCalledTimes(1);
      } finally {
        kill.mockRestore();
      }
    });

    it('refuses a PDF stream that inflates past the cap, counting it as it inflates', async () => {
      const bomb = await pdfBomb(64 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(100_000);

      const sut = await refusalOf(bomb, 'report.pdf', { maxStreamBytes: 8 * 1024 * 1024 });

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message:
          'This PDF holds a compressed part that unpacks to more than 8 MB, more than can be read; print it to a new PDF and attach that.',
      });
    });

    it('stops a stream pdf.js inflates in JavaScript at the memory of the process reading it', async () => {
      const bomb = pdfBomb(256 * 1024 * 1024, { predictor: true });

      const sut = await refusalOf(bomb, 'report.pdf', { memoryMb: 128 });

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message: 'This PDF needs too much memory to read; split it into smaller documents and attach those.',
      });
    });

    it('refuses a Word document whose parsing outgrows the memory of the process reading it', async () => {
      const paragraphs = Array.from({ length: 5_000 }, (_, i) => ({ paragraph: `Paragraph ${i} on the joists.` }));

      const sut = await refusalOf(docx(paragraphs), 'report.docx', { memoryMb: 128 });

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message: 'This Word document needs too much memory to read; split it into smaller documents and attach those.',
      });
    });

    it('refuses a zip bomb by the sizes in its directory', async () => {
      const sut = await refusalOf(zipBombDocx(200_000_000), 'report.docx');

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message: expect.stringContaining('unpacks to more than 50 MB'),
      });
    });

    it('refuses a part that compresses like a bomb even within the size cap', async () => {
      const sut = await refusalOf(zipBombDocx(20_000_000), 'report.docx');

      expect(sut).toMatchObject({ reason: 'unreadable', message: expect.stringContaining('unpacks to more than') });
    });

    it('refuses a Word document whose directory understates what a part inflates to', async () => {
      const sut = await refusalOf(understatedDocx(), 'report.docx');

      expect(sut).toMatchObject({ reason: 'unreadable', message: expect.stringContaining('damaged') });
    });

    it('refuses a Word document of too many zip entries', async () => {
      const sut = await refusalOf(crowdedDocx(10_001), 'report.docx');

      expect(sut).toMatchObject({ reason: 'unreadable', message: expect.stringContaining('too many files inside') });
    });

    it('refuses a text file larger than the expansion cap', async () => {
      const sut = await refusalOf(Buffer.alloc(2 * 1024 * 1024, 'a'), 'notes.txt', { maxExpandedBytes: 1024 * 1024 });

      expect(sut).toMatchObject({
        reason: 'unreadable',
        message: 'This file is 2 MB; at most 1 MB of text can be read.',
      });
    });
  });
});
