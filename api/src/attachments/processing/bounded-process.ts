import { type ResourceLimits, Worker } from 'node:worker_threads';

/** The worker could not start: a fault of this server, not of the user's file. */
const STARTUP_ERRORS = new Set([
  'MODULE_NOT_FOUND',
  'ERR_MODULE_NOT_FOUND',
  'ERR_WORKER_PATH',
  'ERR_WORKER_INIT_FAILED',
]);

export interface BoundedWorkerOptions {
  timeoutMs: number;
  resourceLimits: ResourceLimits;
  /** Why a worker stopped at timeoutMs failed. */
  tooSlow(): Error;
  /** Why a worker that failed on its file (out of memory among the ways) failed. */
  crashed(error: Error & { code?: string }): Error;
  /** Why a worker that exited without answering failed. */
  exited(code: number): Error;
}

/**
 * Runs one job in a worker thread of its own and answers its first message; the worker is stopped after
 * `timeoutMs`, when its heap outgrows `resourceLimits`, and once it has answered. A worker that cannot start
 * fails with its own error (a fault of this server); every other way it fails, with the caller's words.
 */
export function runBoundedWorker<Answer>(file: string, job: unknown, options: BoundedWorkerOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // No inherited node flags: a loader hook of the parent (tsx) would only slow the plain .mjs worker down.
    const worker = new Worker(file, { workerData: job, resourceLimits: options.resourceLimits, execArgv: [] });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      finish();
    };
    const timer = setTimeout(() => settle(() => reject(options.tooSlow())), options.timeoutMs);
    worker.once('message', (answer: Answer) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(STARTUP_ERRORS.has(error.code ?? '') ? error : options.crashed(error))),
    );
    worker.once('exit', (code) => settle(() => reject(options.exited(code))));
  });
}
