import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractDocument } from '../src/attachments/processing/document';
import { textPdf } from '../test/fixtures/files/make-documents';
import { type Cleanup, ms, percentile, runBench, spawnBenchChild } from './support/bench-kit';

/**
 * Reading a PDF attachment into parts: a 100-page text PDF of about 3,000 characters a page, read from its
 * temp file in a worker thread started for it (pdf.js's text layer, pages cut into parts). A 1-page PDF shows
 * what starting the worker and loading pdf.js cost alone. Each runs one at a time in a child process of its
 * own, so its peak RSS (the worker thread's heap included) is the extraction's and not that of building the PDF.
 */
const WARMUP = 2;
const RUNS = 8;
const CHARS_PER_PAGE = 3_000;
const PDF_ENV = 'DOCUMENT_BENCH_PDF';

interface Outcome {
  samples: number[];
  parts: number;
  characters: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

async function runs(pdf: string): Promise<Outcome> {
  const rssBeforeMb = process.memoryUsage.rss() / 2 ** 20;
  const timedRun = async () => {
    const start = performance.now();
    const document = await extractDocument(pdf, 'report.pdf');
    return { ms: performance.now() - start, document };
  };
  for (let i = 0; i < WARMUP; i++) await timedRun();
  const measured: Awaited<ReturnType<typeof timedRun>>[] = [];
  for (let i = 0; i < RUNS; i++) measured.push(await timedRun());
  const { document } = measured[RUNS - 1];
  return {
    samples: measured.map((run) => run.ms),
    parts: document.parts.length,
    characters: document.characters,
    rssBeforeMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function inChild(cleanup: Cleanup, pdf: string): Promise<Outcome> {
  const child = spawnBenchChild(__filename, { [PDF_ENV]: pdf });
  cleanup.child('the extraction process', child);
  return new Promise((resolve, reject) => {
    child.once('message', (outcome: Outcome) => resolve(outcome));
    child.once('exit', (code) => reject(new Error(`the extraction process exited (${code}) before answering`)));
  });
}

const row = (...cells: string[]) =>
  console.log(cells.map((cell, i) => (i ? cell.padStart(14) : cell.padEnd(24))).join(''));

const pdfInChild = process.env[PDF_ENV];
if (pdfInChild) {
  void runs(pdfInChild).then((outcome) => process.send!(outcome, () => process.exit(0)));
} else {
  runBench('document extraction bench', 5 * 60_000, async (cleanup) => {
    const dir = await mkdtemp(join(tmpdir(), 'document-bench-'));
    cleanup.add('the PDFs', () => rm(dir, { recursive: true, force: true }));

    console.log('');
    console.log(
      `extract a text PDF of about ${CHARS_PER_PAGE} characters a page from its file (worker thread, pdf.js): ` +
        `${RUNS} runs after ${WARMUP} warm-ups, one at a time`,
    );
    row('PDF', 'p50', 'p95', 'RSS before', 'peak RSS', 'parts');
    for (const pages of [1, 100]) {
      const pdf = join(dir, `${pages}-pages.pdf`);
      await writeFile(pdf, await textPdf(pages, { charsPerPage: CHARS_PER_PAGE }));
      const outcome = await inChild(cleanup, pdf);
      const [p50, p95] = [50, 95].map((p) => ms(percentile(outcome.samples, p)));
      const size = `${pages} ${pages === 1 ? 'page' : 'pages'}, ${((await stat(pdf)).size / 1024).toFixed(0)} KB`;
      const [before, peak] = [outcome.rssBeforeMb, outcome.peakRssMb].map((mb) => `${mb.toFixed(0)} MB`);
      row(size, p50, p95, before, peak, String(outcome.parts));
    }
  });
}
