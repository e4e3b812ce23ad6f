import { join } from 'node:path';
import { runBoundedWorker } from '../bounded-worker';
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

/**
 * Parses a PDF or DOCX in a worker thread that is stopped after `timeoutMs` or when its heap outgrows
 * RESOURCE_LIMITS; every way it fails on the file becomes a FileRefusal.
 */
export async function readInWorker<Job extends WorkerJob>(
  job: Job,
  timeoutMs: number,
): Promise<WorkerAnswers[Job['kind']]> {
  const answer = await runBoundedWorker<WorkerAnswer>(WORKER_FILE, job, {
    timeoutMs,
    resourceLimits: RESOURCE_LIMITS,
    tooSlow: () => refusals.tooSlow(job.kind),
    crashed: (error) => crashRefusal(job.kind, error),
    exited: () => refusals.damaged(job.kind),
  });
  if ('problem' in answer) throw problemRefusal(job, answer);
  return answer as WorkerAnswers[Job['kind']];
}

function problemRefusal(job: WorkerJob, answer: WorkerProblem): FileRefusal {
  if (answer.problem === 'too-many-pages' && job.kind === 'pdf')
    return refusals.tooManyPages(answer.pages, job.maxPages);
  if (answer.problem === 'password') return refusals.passwordProtected(job.kind);
  return refusals.damaged(job.kind);
}

const crashRefusal = (kind: ParsedKind, error: { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusals.tooHeavy(kind) : refusals.damaged(kind);
