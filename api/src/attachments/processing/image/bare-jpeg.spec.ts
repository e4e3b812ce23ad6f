import sharp from 'sharp';
import { photoWithGps, solidPng } from '../../../../test/fixtures/files/make-images';
import { bareJpegSize as sut } from './bare-jpeg';
import { processImage } from './process-image';

/** A JPEG as the image processing stores it. */
const stored = async (width = 96, height = 64) =>
  (await processImage(await photoWithGps({ width, height }), { maxEdge: 2048 })).bytes;

/** `bytes` with a segment put in right after the start of image. */
const withSegment = (bytes: Buffer, marker: number, payload: Buffer) => {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([bytes.subarray(0, 2), header, payload, bytes.subarray(2)]);
};

describe(sut.name, () => {
  it('answers the size of a JPEG as the processing stores it, of either encoder mode', async () => {
    expect(sut(await stored(96, 64))).toEqual({ width: 96, height: 64 });
    const baseline = await sharp(await solidPng(40, 30))
      .jpeg({ progressive: false, mozjpeg: false })
      .toBuffer();
    expect(sut(baseline)).toEqual({ width: 40, height: 30 });
    const gray = await sharp(await solidPng(20, 10))
      .grayscale()
      .jpeg()
      .toBuffer();
    expect(sut(gray)).toEqual({ width: 20, height: 10 });
  });

  it('refuses a JPEG carrying metadata: EXIF with GPS, XMP, an ICC profile', async () => {
    expect(sut(await photoWithGps())).toBeUndefined();
    const icc = await sharp(await solidPng(40, 30))
      .jpeg()
      .withIccProfile('srgb')
      .toBuffer();
    expect(sut(icc)).toBeUndefined();
  });

  it('refuses a comment, a thumbnail in the JFIF header, bytes after the end, and a file cut short', async () => {
    const bytes = await stored();
    expect(sut(withSegment(bytes, 0xfe, Buffer.from('<script>alert(1)</script>')))).toBeUndefined();
    const thumbnailJfif = Buffer.from('JFIF\0\x01\x01\x00\x00\x01\x00\x01\x01\x01\x00\x00\x00', 'latin1');
    expect(sut(withSegment(bytes, 0xe0, thumbnailJfif))).toBeUndefined();
    expect(sut(Buffer.concat([bytes, Buffer.from('<html><script>alert(1)</script></html>')]))).toBeUndefined();
    expect(sut(bytes.subarray(0, bytes.length - 2))).toBeUndefined();
    expect(sut(bytes.subarray(0, 200))).toBeUndefined();
  });

  it('refuses what is not a JPEG', async () => {
    expect(sut(await solidPng(8, 8))).toBeUndefined();
    expect(sut(Buffer.from([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(sut(Buffer.alloc(0))).toBeUndefined();
  });
});
