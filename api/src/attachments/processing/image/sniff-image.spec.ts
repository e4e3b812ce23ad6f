import { readFile } from 'node:fs/promises';
import * as images from '../../../../test/fixtures/files/make-images';
import { sniffImage } from './sniff-image';

/** An ISO-BMFF head: an ftyp box with a major brand and compatible ones, then the start of the next box. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(16 + 4 * compatible.length);
  return Buffer.concat([size, Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1'), Buffer.alloc(16)]);
};

describe(sniffImage.name, () => {
  test.each([
    ['jpeg', () => images.sidewaysPhotoWithGps()],
    ['png', () => images.transparentPng()],
    ['gif', () => images.animatedGif()],
    ['webp', () => images.webp()],
    ['avif', () => images.avif()],
    ['tiff', () => images.tiff()],
    ['heic', () => readFile(images.fixturePath('photo.heic'))],
    ['svg', () => Promise.resolve(images.scriptedSvg())],
    ['html', () => Promise.resolve(images.htmlPage())],
  ])('knows %s by its first 64 bytes', async (format, make) => {
    expect(sniffImage((await make()).subarray(0, 64))).toBe(format);
  });

  test.each([
    ['an iPhone photo', ftyp('heic', 'mif1', 'MiHE', 'MiPr', 'miaf', 'MiHB', 'heic'), 'heic'],
    ['generic HEIF without an AV1 brand', ftyp('mif1', 'miaf', 'heic'), 'heic'],
    ['generic HEIF with an AV1 brand', ftyp('mif1', 'miaf', 'avif'), 'avif'],
    ['an AVIF sequence', ftyp('avis', 'msf1', 'avif'), 'avif'],
    ['an MP4 video', ftyp('isom', 'iso2', 'avc1', 'mp41'), undefined],
  ])('tells HEVC from AV1 by the brands of %s', (_, head, format) => {
    expect(sniffImage(head)).toBe(format);
  });

  test.each([
    ['random bytes', images.randomBytes()],
    ['plain text', Buffer.from('Dear landlord, the boiler is broken again.')],
    ['XML that is not SVG', Buffer.from('<?xml version="1.0"?><invoice><total>12</total></invoice>')],
    ['nothing', Buffer.alloc(0)],
  ])('knows nothing in %s', (_, head) => {
    expect(sniffImage(head)).toBeUndefined();
  });

  test('finds SVG after whitespace and a byte order mark', () => {
    expect(sniffImage(Buffer.from('\ufeff \n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
  });
});
