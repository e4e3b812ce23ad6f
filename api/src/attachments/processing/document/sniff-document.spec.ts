import { sniffDocument } from './sniff-document';

describe(sniffDocument.name, () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'pdf'],
    ['a zip', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), 'zip'],
    ['an empty zip', Buffer.from('PK\x05\x06\x00\x00', 'latin1'), 'zip'],
    ['UTF-8 text', Buffer.from('Grüße aus Köln\n'), 'text'],
    [
      'UTF-16 text with a byte order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le')]),
      'text',
    ],
    ['text whose head ends inside a character', Buffer.from('Grüße').subarray(0, 3), 'text'],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), undefined],
    ['Latin-1 text (not UTF-8)', Buffer.from('Gr\xfc\xdfe', 'latin1'), undefined],
    ['text with a NUL byte', Buffer.from('plain\0text'), undefined],
    ['a PDF signature that is not at the start', Buffer.from('\x00\x00%PDF-1.7'), undefined],
  ])('tells %s', (_what, head, kind) => {
    expect(sniffDocument(head)).toBe(kind);
  });
});
