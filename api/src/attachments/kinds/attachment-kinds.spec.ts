import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_KIND_TRAITS } from '@mb/contracts/attachment-policy';
import { docx, REPORT_BLOCKS, textPdf } from '../../../test/fixtures/files/make-documents';
import { htmlPage, randomBytes, scriptedSvg, solidPng } from '../../../test/fixtures/files/make-images';
import { schemasDir } from '../../config';
import { ATTACHMENT_KINDS, claimOf, NO_KIND } from './attachment-kinds';

/** The kinds as the agent schema names them: what AttachmentKind is generated from. */
const schemaKinds = (): string[] => {
  const schema = JSON.parse(readFileSync(join(schemasDir, 'agent.schema.json'), 'utf8'));
  return schema.properties.input.properties.attachments.properties.kinds.items.enum;
};

/** A file's first 4 KB, as processing reads them. */
const head = (bytes: Buffer) => bytes.subarray(0, 4096);

describe('ATTACHMENT_KINDS', () => {
  it('has a handler for every kind the agent schema names, under its own name, and its shared traits', () => {
    expect(Object.keys(ATTACHMENT_KINDS).sort()).toEqual(schemaKinds().sort());
    for (const [kind, handler] of Object.entries(ATTACHMENT_KINDS)) expect(handler.kind).toBe(kind);
    expect(Object.keys(ATTACHMENT_KIND_TRAITS).sort()).toEqual(schemaKinds().sort());
  });
});

describe(claimOf.name, () => {
  it.each([
    ['a PNG', 'image', 'claimed', () => solidPng(40, 30)],
    ['an SVG', 'image', 'claimed-to-refuse', () => Promise.resolve(scriptedSvg())],
    ['a web page', 'image', 'claimed-to-refuse', () => Promise.resolve(htmlPage())],
    ['a PDF', 'document', 'claimed', () => textPdf(1)],
    ['a Word document', 'document', 'claimed', () => docx(REPORT_BLOCKS)],
    ['plain text', 'document', 'claimed', () => Promise.resolve(Buffer.from('The joists sag by 4 mm.\n'))],
  ])('routes %s to the %s kind (%s)', async (_, kind, claim, file) => {
    const claimed = claimOf(head(await file()));

    expect(claimed?.handler.kind).toBe(kind);
    expect(claimed?.claim).toBe(claim);
  });

  it('gives bytes no kind claims to none, and the refusal names what every kind takes', () => {
    expect(claimOf(head(randomBytes()))).toBeUndefined();
    expect(NO_KIND).toBe(
      'This kind of file cannot be attached. Photos (JPEG, PNG, HEIC, WebP, AVIF, GIF) and documents (PDF, DOCX, ' +
        'text, Markdown, CSV, JSON, source code) can.',
    );
  });
});
