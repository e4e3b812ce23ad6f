import { join } from 'node:path';
import { runBoundedProcess } from '../bounded-process';
import { type FileRefusal } from '../file-refusal';
import { type ParsedKind, refusals } from './document-refusals';
import { type DocumentLimits } from './document-types';

export type ProcessJob = { kind: 'pdf'; path: string; maxPages: number } | { kind: 'docx'; path: string };
interface ProcessAnswers {
  pdf: { pages: string[] };
  docx: { html: string };
}
type ProcessProblem =
  { problem: 'password' | 'damaged' | 'too-heavy' | 'expands-too-far' } | { problem: 'too-many-pages'; pages: number };
type ProcessAnswer = ProcessAnswers[ParsedKind] | ProcessProblem;

/** Emitted beside this file by tsc (allowJs), so the same path holds under src (jest, tsx) and dist. */
const PROCESS_FILE = join(__dirname, 'document-process.mjs');

/**
 * Parses a PDF or DOCX in a process of its own, stopped after `limits.timeoutMs`, with `limits.memoryMb` of memory
 * at most; every way it fails on the file becomes a FileRefusal.
 */
export async function readInProcess<Job extends ProcessJob>(
  job: Job,
  limits: DocumentLimits,
): Promise<ProcessAnswers[Job['kind']]> {
  const answer = await runBoundedProcess<ProcessAnswer>(
    PROCESS_FILE,
    { ...job, maxStreamBytes: limits.maxStreamBytes },
    {
      timeoutMs: limits.timeoutMs,
      memoryMb: limits.memoryMb,
      tooSlow: () => refusals.tooSlow(job.kind),
      tooHeavy: () => refusals.tooHeavy(job.kind),
      crashed: () => refusals.damaged(job.kind),
    },
  );
  if ('problem' in answer) throw problemRefusal(job, answer, limits);
  return answer as ProcessAnswers[Job['kind']];
}

function problemRefusal(job: ProcessJob, answer: ProcessProblem, limits: DocumentLimits): FileRefusal {
  switch (answer.problem) {
    case 'too-many-pages':
      return refusals.tooManyPages(answer.pages, job.kind === 'pdf' ? job.maxPages : 0);
    case 'password':
      return refusals.passwordProtected(job.kind);
    case 'too-heavy':
      return refusals.tooHeavy(job.kind);
    case 'expands-too-far':
      return refusals.streamTooLarge(limits.maxStreamBytes);
    default:
      return refusals.damaged(job.kind);
  }
}
