import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { answer, outOfMemory, serveOneJob } from '../child-answer.mjs';

/**
 * Reads one PDF or DOCX in a process of its own (read-in-process.ts starts it, memory-limited), so the server can
 * stop a parser that runs too long or grows too large without stopping itself. Answers one plain object:
 * { pages: string[] } | { html: string } | { problem: 'password' | 'damaged' | 'too-heavy' } |
 * { problem: 'too-many-pages', pages } | { problem: 'expands-too-far' }.
 * A parser's own errors never leave this process, only the problem they stand for.
 */
const require = createRequire(import.meta.url);

/**
 * pdf.js inflates a stream whole through DecompressionStream, then copies it into one array: a 400 KB stream of
 * zeros becomes 800 MB. Each stream is counted as it inflates, and the first past `maxStreamBytes` ends the read.
 */
function countInflatedStreams(maxStreamBytes) {
  const Native = globalThis.DecompressionStream;
  globalThis.DecompressionStream = class CountedDecompressionStream {
    constructor(format) {
      const native = new Native(format);
      let inflated = 0;
      this.writable = native.writable;
      this.readable = native.readable.pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            inflated += chunk.byteLength;
            // Not an error: pdf.js would catch it and inflate the same stream again in JavaScript, uncounted.
            if (inflated > maxStreamBytes) answer({ problem: 'expands-too-far' });
            else controller.enqueue(chunk);
          },
        }),
      );
    }
  };
}

/** pdf.js reports, and goes past, what fails on a page: memory running out there must not become a page without text. */
function watchParserWarnings() {
  const heard = (...words) => {
    if (outOfMemory(words.join(' '))) answer({ problem: 'too-heavy' });
  };
  console.log = console.warn = console.error = heard;
}

async function readPdf({ path, maxPages, maxStreamBytes }) {
  countInflatedStreams(maxStreamBytes);
  watchParserWarnings();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js runs its "worker" in this thread when it finds it here: no second thread to start or stop.
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const assets = dirname(require.resolve('pdfjs-dist/package.json'));
  const loading = pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: join(assets, 'cmaps/'),
    standardFontDataUrl: join(assets, 'standard_fonts/'),
    verbosity: pdfjs.VerbosityLevel.WARNINGS,
  });
  let document;
  try {
    document = await loading.promise;
  } catch (error) {
    if (error?.name === 'PasswordException') return { problem: 'password' };
    throw error;
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

async function readDocx({ path }) {
  const mammoth = require('mammoth');
  // Only the text is wanted: an image becomes an empty <img> and its bytes are never read.
  const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
  const { value } = await mammoth.convertToHtml({ path }, { convertImage });
  return { html: value };
}

const readers = { pdf: readPdf, docx: readDocx };

serveOneJob(
  (job) => readers[job.kind](job),
  () => ({ problem: 'damaged' }),
);
