import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type FileRefusal } from '../file-refusal';
import { type ParsedKind, refusals } from './document-refusals';

export type WorkerJob = { kind: 'pdf'; path: string; maxPages: number } | { kind: 'docx'; path: string };
interface WorkerAnswers {
  pdf: { pages: string[] };
  docx: { html: string };
}
type WorkerProblem = { problem: 'password' | 'damaged' } | { problem: 'too-many-pages'; pages: number };
type WorkerAnswer = WorkerAnswers[ParsedKind] | WorkerProblem;

/** Emitted beside this file by tsc (allowJs), so the same path holds under src (jest, tsx) and dist. */
const WORKER_FILE = join(__dirname, 'document-worker.mjs');
/** A parser's heap, well above what a 500-page PDF needs, well below what would starve the server. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512 };
/** The worker could not start: a fault of this server, not of the user's file. */
const STARTUP_ERRORS = new Set([
  'MODULE_NOT_FOUND',
  'ERR_MODULE_NOT_FOUND',
  'ERR_WORKER_PATH',
  'ERR_WORKER_INIT_FAILED',
]);

/**
 * Parses a PDF or DOCX in a worker thread that is stopped after `timeoutMs` or when its heap outgrows
 * RESOURCE_LIMITS; every way it fails on the file becomes a FileRefusal.
 */
export function readInWorker<Job extends WorkerJob>(job: Job, timeoutMs: number): Promise<WorkerAnswers[Job['kind']]> {
  return new Promise((resolve, reject) => {
    // No inherited node flags: a loader hook of the parent (tsx) would only slow the plain .mjs worker down.
    const worker = new Worker(WORKER_FILE, { workerData: job, resourceLimits: RESOURCE_LIMITS, execArgv: [] });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      finish();
    };
    const timer = setTimeout(() => settle(() => reject(refusals.tooSlow(job.kind))), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() =>
        'problem' in answer ? reject(problemRefusal(job, answer)) : resolve(answer as WorkerAnswers[Job['kind']]),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(STARTUP_ERRORS.has(error.code ?? '') ? error : crashRefusal(job.kind, error))),
    );
    worker.once('exit', () => settle(() => reject(refusals.damaged(job.kind))));
  });
}

function problemRefusal(job: WorkerJob, answer: WorkerProblem): FileRefusal {
  if (answer.problem === 'too-many-pages' && job.kind === 'pdf')
    return refusals.tooManyPages(answer.pages, job.maxPages);
  if (answer.problem === 'password') return refusals.passwordProtected(job.kind);
  return refusals.damaged(job.kind);
}

const crashRefusal = (kind: ParsedKind, error: { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusals.tooHeavy(kind) : refusals.damaged(kind);
