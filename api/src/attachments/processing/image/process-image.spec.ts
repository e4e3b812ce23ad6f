import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { pngBomb, progressiveJpegClaiming } from '../../../../test/fixtures/files/make-bombs';
import * as images from '../../../../test/fixtures/files/make-images';
import { FileRefusal, type FileRefusalReason } from '../file-refusal';
import { processImage } from './process-image';

// Every load of the WebAssembly HEIC decoder into this (the server's) process; a decoding process's loads are its own.
const mockMainThreadLoads: string[] = [];
jest.mock('heic-decode', () => {
  mockMainThreadLoads.push('heic-decode');
  return jest.requireActual('heic-decode');
});

type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** Which corner of an image holds the MARK colour (the one nearest to it). */
async function markedCornerOf(image: Buffer): Promise<Corner> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const distanceToMark = (x: number, y: number) => {
    const at = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
    return Math.hypot(data[at] - images.MARK.r, data[at + 1] - images.MARK.g, data[at + 2] - images.MARK.b);
  };
  const [near, far] = [(edge: number) => edge / 10, (edge: number) => edge - 1 - edge / 10];
  const corners: Record<Corner, number> = {
    'top-left': distanceToMark(near(info.width), near(info.height)),
    'top-right': distanceToMark(far(info.width), near(info.height)),
    'bottom-left': distanceToMark(near(info.width), far(info.height)),
    'bottom-right': distanceToMark(far(info.width), far(info.height)),
  };
  return (Object.keys(corners) as Corner[]).reduce((best, corner) => (corners[corner] < corners[best] ? corner : best));
}

async function refusalOf(processing: Promise<unknown>): Promise<{ reason: FileRefusalReason; message: string }> {
  const error = await processing.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FileRefusal);
  return { reason: (error as FileRefusal).reason, message: (error as FileRefusal).message };
}

const HEIC = images.fixturePath('photo.heic');
const options = { maxEdge: 2048 };

describe(processImage.name, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'process-image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('turns a sideways photo upright by its EXIF orientation', async () => {
    const sideways = await images.sidewaysPhotoWithGps({ width: 96, height: 64 });
    expect(await markedCornerOf(sideways)).toBe('top-left');

    const sut = await processImage(sideways, options);

    expect(sut).toMatchObject({ width: 64, height: 96, mediaType: 'image/jpeg', sourceFormat: 'jpeg' });
    expect(await sharp(sut.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 96 });
    expect(await markedCornerOf(sut.bytes)).toBe('top-right');
    expect(await markedCornerOf(sut.thumbnail)).toBe('top-right');
  });

  test('keeps no EXIF, GPS, XMP or ICC profile in the image or its thumbnail', async () => {
    const photo = await images.sidewaysPhotoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(images.GPS_DATUM)).toBe(true);
    expect(before.xmp?.includes(images.XMP_MARK)).toBe(true);
    expect(before.icc).toBeDefined();

    const sut = await processImage(photo, options);

    for (const output of [sut.bytes, sut.thumbnail]) {
      const after = await sharp(output).metadata();
      for (const block of ['exif', 'xmp', 'icc', 'iptc'] as const) expect(after[block]).toBeUndefined();
      for (const marker of ['Exif', 'GPS', images.GPS_DATUM, 'TestPhone', 'ICC_PROFILE', 'http://ns.adobe.com/xap'])
        expect(output.includes(marker)).toBe(false);
    }
  });

  test('converts a Display P3 photo to sRGB before dropping its profile', async () => {
    const sut = await processImage(await images.photoWithGps(), options);

    const { data } = await sharp(sut.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(235);
    expect(data[1]).toBeLessThan(25);
  });

  test('scales the long side down to maxEdge', async () => {
    const sut = await processImage(await images.sidewaysPhotoWithGps({ width: 400, height: 300 }), { maxEdge: 100 });

    expect(sut).toMatchObject({ width: 75, height: 100 });
    expect(await sharp(sut.bytes).metadata()).toMatchObject({ width: 75, height: 100 });
  });

  test('never scales a small image up', async () => {
    const sut = await processImage(await images.solidPng(50, 20), { maxEdge: 2048 });

    expect(await sharp(sut.bytes).metadata()).toMatchObject({ width: 50, height: 20 });
  });

  test('makes a WebP thumbnail whose long side is 320 pixels', async () => {
    const sut = await processImage(await images.solidPng(1000, 600), { maxEdge: 800 });

    expect(sut).toMatchObject({ width: 800, height: 480, thumbnailMediaType: 'image/webp' });
    expect(await sharp(sut.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 192 });
  });

  test('decodes an iPhone HEIC (HEVC) read from its path to a JPEG of the same size', async () => {
    expect((await readFile(HEIC)).includes(images.GPS_DATUM)).toBe(true);

    const sut = await processImage(HEIC, options);

    expect(sut).toMatchObject({ width: 96, height: 64, mediaType: 'image/jpeg', sourceFormat: 'heic' });
    const stored = await sharp(sut.bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 96, height: 64 });
    expect(stored.exif).toBeUndefined();
    expect(sut.bytes.includes(images.GPS_DATUM)).toBe(false);
    expect(await markedCornerOf(sut.bytes)).toBe('top-left');
  });

  test('decodes a HEIC in a process of its own, never loading libheif into the one that called it', async () => {
    const sut = await processImage(HEIC, options);

    expect(sut).toMatchObject({ width: 96, height: 64, sourceFormat: 'heic' });
    expect(await markedCornerOf(sut.bytes)).toBe('top-left');
    expect(mockMainThreadLoads).toEqual([]);
  });

  test('refuses a HEIC whose decode outlasts the time limit as unreadable', async () => {
    const refusal = await refusalOf(processImage(HEIC, { ...options, timeoutMs: 1 }));

    expect(refusal).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/HEIC image took too long/) });
  });

  test("keeps libheif's words about a damaged HEIC off stdout, in the refusal's cause for the log", async () => {
    const heic = await readFile(HEIC);
    const stdout = jest.spyOn(process.stdout, 'write');

    const error: unknown = await processImage(heic.subarray(0, heic.length - 50), options).catch((thrown) => thrown);
    const written = stdout.mock.calls.map(([chunk]) => String(chunk)).join('');
    stdout.mockRestore();

    expect(error).toBeInstanceOf(FileRefusal);
    expect(((error as FileRefusal).cause as Error).message).toMatch(/libheif: Could not parse HEIF file/);
    expect(written).not.toContain('HEIF');
  });

  test('keeps only the first frame of an animated GIF', async () => {
    const gif = await images.animatedGif(40, 30);
    expect((await sharp(gif).metadata()).pages).toBe(3);

    const sut = await processImage(gif, options);

    expect(sut).toMatchObject({ width: 40, height: 30, mediaType: 'image/jpeg', sourceFormat: 'gif' });
    const { data } = await sharp(sut.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(230);
    expect(data[1] + data[2]).toBeLessThan(40);
  });

  test('keeps a PNG with transparent pixels as a PNG with its alpha channel', async () => {
    const sut = await processImage(await images.transparentPng(64, 48), options);

    expect(sut).toMatchObject({ mediaType: 'image/png', width: 64, height: 48 });
    const { data, info } = await sharp(sut.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(255);
    expect(data[(10 * 64 + 60) * 4 + 3]).toBeLessThan(200);
    expect((await sharp(sut.thumbnail).metadata()).hasAlpha).toBe(true);
  });

  test('stores a PNG whose alpha channel is opaque everywhere as a JPEG', async () => {
    const sut = await processImage(await images.opaquePngWithAlphaChannel(), options);

    expect(sut).toMatchObject({ mediaType: 'image/jpeg', sourceFormat: 'png' });
    expect((await sharp(sut.thumbnail).metadata()).hasAlpha).toBe(false);
  });

  test.each([
    ['webp', images.webp],
    ['avif', images.avif],
    ['tiff', images.tiff],
  ])('reads %s', async (format, make) => {
    const sut = await processImage(await make(80, 60), options);

    expect(sut).toMatchObject({ sourceFormat: format, mediaType: 'image/jpeg', width: 80, height: 60 });
    expect(await markedCornerOf(sut.bytes)).toBe('top-left');
  });

  test.each([
    ['an SVG with a script', images.scriptedSvg(), /SVG/],
    ['an HTML page', images.htmlPage(), /Web pages/],
    ['random bytes', images.randomBytes(), /not an image we can read/],
  ])('refuses %s as unsupported', async (_, bytes, sentence) => {
    const refusal = await refusalOf(processImage(bytes, options));

    expect(refusal.reason).toBe('unsupported');
    expect(refusal.message).toMatch(sentence);
  });

  test('refuses an empty file as unreadable', async () => {
    expect(await refusalOf(processImage(Buffer.alloc(0), options))).toMatchObject({ reason: 'unreadable' });
  });

  test('refuses a truncated JPEG read from its path as unreadable, naming no path', async () => {
    const path = join(dir, 'truncated.jpg');
    await writeFile(path, await images.truncatedJpeg());

    const refusal = await refusalOf(processImage(path, options));

    expect(refusal).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/JPEG image is damaged/) });
    expect(refusal.message).not.toContain(dir);
  });

  test('refuses a HEIC cut off in its image data as unreadable', async () => {
    const heic = await readFile(HEIC);

    const refusal = await refusalOf(processImage(heic.subarray(0, heic.length - 50), options));

    expect(refusal).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/HEIC image is damaged/) });
  });

  test('refuses a PNG whose header claims 10 gigapixels before decoding it', async () => {
    const refusal = await refusalOf(processImage(await images.pngClaiming(100_000, 100_000), options));

    expect(refusal).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/too large/) });
  });

  test('refuses a real image past maxInputPixels', async () => {
    const twelveMegapixels = await images.solidPng(4000, 3000);

    const refusal = await refusalOf(processImage(twelveMegapixels, { maxEdge: 2048, maxInputPixels: 10_000_000 }));

    expect(refusal).toMatchObject({
      reason: 'unreadable',
      message: expect.stringMatching(/4000 × 3000.*10 megapixels/),
    });
  });

  describe('pixels that need more memory than the decoding process has', () => {
    test('refuses a 16-bit interlaced PNG within the pixel cap, saying why', async () => {
      const bomb = await pngBomb({ width: 6000, height: 6000 });
      expect(bomb.length).toBeLessThan(400_000);

      const refusal = await refusalOf(processImage(bomb, options));

      expect(refusal).toMatchObject({
        reason: 'unreadable',
        message:
          'This PNG image needs too much memory to decode (6000 × 6000 pixels, 16 bits a channel). Scale it down or export it as an 8-bit JPEG, and send it again.',
      });
    });

    test('refuses a progressive JPEG whose coefficients alone are past the limit', async () => {
      const refusal = await refusalOf(processImage(await progressiveJpegClaiming(8000, 8000), options));

      expect(refusal).toMatchObject({
        reason: 'unreadable',
        message: expect.stringMatching(/^This JPEG image needs too much memory/),
      });
    });

    test('decodes the same PNG in a process given the memory it needs', async () => {
      const bomb = await pngBomb({ width: 6000, height: 6000 });

      const sut = await processImage(bomb, { ...options, memoryMb: 640 });

      expect(sut).toMatchObject({ width: 2048, height: 2048, sourceFormat: 'png' });
    });
  });

  test('refuses a HEIC past maxInputPixels before decoding its pixels', async () => {
    const refusal = await refusalOf(processImage(HEIC, { maxEdge: 2048, maxInputPixels: 96 * 64 - 1 }));

    expect(refusal).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/too large/) });
  });
});
