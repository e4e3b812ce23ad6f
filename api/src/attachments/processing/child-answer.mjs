/**
 * What every decoding process (bounded-process.ts starts them) shares: it takes one job, posts one answer and
 * ends. An error that is memory running out becomes { problem: 'too-heavy' }; the caller words every other one.
 */
const OUT_OF_MEMORY = /allocation failed|out of memory|insufficient memory|cannot allocate|memory allocation/i;

export const outOfMemory = (error) => OUT_OF_MEMORY.test(String(error?.message ?? error));

let sent = false;

/** Posts `message`, once, and ends the process: an answer found mid-way (a limit crossed) is final. */
export function answer(message) {
  if (sent) return;
  sent = true;
  process.send(message, () => process.exit(0));
}

/** A parser that cannot load is this server's fault, not the file's: it reaches the caller as its own error. */
const NOT_INSTALLED = new Set(['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND']);

function problemOf(error, failed) {
  if (NOT_INSTALLED.has(error?.code)) return { fault: String(error.message) };
  return outOfMemory(error) ? { problem: 'too-heavy' } : failed(error);
}

/** Runs `work` on the job the parent sends; `failed(error)` words what it threw, unless it was memory. */
export function serveOneJob(work, failed) {
  process.once('message', (job) => {
    work(job).then(answer, (error) => answer(problemOf(error, failed)));
  });
}
