/**
 * Real files for the attachment browser tests, built in code by the API tests' own makers
 * (api/test/fixtures/files/), so both suites send the same kinds of bytes.
 */
import sharp from 'sharp';
import { textPdf } from '../../api/test/fixtures/files/make-documents';
import { GPS_DATUM, scriptedSvg, sidewaysPhotoWithGps } from '../../api/test/fixtures/files/make-images';

/** A file as the file chooser takes it, and as a synthetic drop or paste carries it. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A phone's photo taken sideways: 3000 × 2000 pixels as stored, EXIF orientation 6 (so 2000 × 3000 upright,
 * and over the server's 2048 px edge) and a GPS position.
 */
export async function sidewaysPhoto(name = 'sideways-photo.jpg'): Promise<TestFile> {
  return { name, mimeType: 'image/jpeg', buffer: await sidewaysPhotoWithGps({ width: 3000, height: 2000 }) };
}

/** A two-page PDF with a text layer: a house survey, page n about pageTopic(n). */
export async function surveyPdf(name = 'house-survey.pdf'): Promise<TestFile> {
  return { name, mimeType: 'application/pdf', buffer: await textPdf(2) };
}

export function textFile(name: string, text: string): TestFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text) };
}

/** An SVG drawing with a script in it: the browser takes it for a photo, the server refuses it by its bytes. */
export function svgDrawing(name = 'drawing.svg'): TestFile {
  return { name, mimeType: 'image/svg+xml', buffer: scriptedSvg() };
}

/** What an image's bytes hold: its upright size and whether any metadata (EXIF, GPS, XMP, ICC) survived. */
export async function imageFacts(bytes: Buffer) {
  const { width, height, orientation, exif, xmp, icc } = await sharp(bytes).metadata();
  return {
    width,
    height,
    orientation,
    metadata: [exif && 'EXIF', xmp && 'XMP', icc && 'ICC', bytes.includes(GPS_DATUM) && 'GPS'].filter(Boolean),
  };
}
