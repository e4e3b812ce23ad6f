import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Reads one PDF or DOCX in a worker thread, so the server can stop a parser that runs too long or grows
 * too large without stopping itself (read-in-worker.ts starts it). Posts one answer, a plain object:
 * { pages: string[] } | { html: string } | { problem: 'password' | 'damaged' | 'too-many-pages', pages? }.
 * A parser's own errors never leave this thread, only the problem they stand for.
 */
const require = createRequire(import.meta.url);

/** How each kind is read: `load` its parser (a failure there is the server's, and is not caught), then `read`. */
const readers = {
  pdf: { load: loadPdfjs, read: readPdf },
  docx: { load: () => require('mammoth'), read: readDocx },
};

async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js runs its "worker" in this thread when it finds it here: no second thread to start or stop.
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return pdfjs;
}

async function readPdf(pdfjs, { path, maxPages }) {
  const assets = dirname(require.resolve('pdfjs-dist/package.json'));
  const loading = pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: join(assets, 'cmaps/'),
    standardFontDataUrl: join(assets, 'standard_fonts/'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let document;
  try {
    document = await loading.promise;
  } catch (error) {
    return { problem: error?.name === 'PasswordException' ? 'password' : 'damaged' };
  }
  if (document.numPages > maxPages) return { problem: 'too-many-pages', pages: document.numPages };
  const pages = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    pages.push(pageText(await page.getTextContent()));
    page.cleanup();
  }
  return { pages };
}

function pageText({ items }) {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text;
}

async function readDocx(mammoth, { path }) {
  // Only the text is wanted: an image becomes an empty <img> and its bytes are never read.
  const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
  const { value } = await mammoth.convertToHtml({ path }, { convertImage });
  return { html: value };
}

const { kind, ...job } = workerData;
const reader = readers[kind];
const parser = await reader.load();
parentPort.postMessage(await reader.read(parser, job).catch(() => ({ problem: 'damaged' })));
