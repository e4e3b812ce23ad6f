import { type Serializable, spawn } from 'node:child_process';

export interface BoundedProcessOptions {
  timeoutMs: number;
  /**
   * The most memory the process may hold, its own start included (RLIMIT_DATA): past it, allocations fail in
   * the process (ArrayBuffers, WebAssembly, libvips, zlib as much as the JavaScript heap), never in the server.
   */
  memoryMb: number;
  /** Why a process stopped at timeoutMs failed. */
  tooSlow(): Error;
  /** Why a process that ran out of memory failed. */
  tooHeavy(): Error;
  /** Why a process that ended without answering, some other way, failed. */
  crashed(cause: Error): Error;
}

/** How V8 ends a process it cannot give memory to: a fatal error aborts or traps, a page it cannot commit faults. */
const OUT_OF_MEMORY_SIGNALS = new Set<NodeJS.Signals>(['SIGABRT', 'SIGTRAP', 'SIGILL', 'SIGSEGV', 'SIGBUS']);
const STDERR_KEPT = 2048;

/** What a process answers when its parser cannot load (child-answer.mjs): the server's fault, not the file's. */
const isFault = (answer: unknown): answer is { fault: string } =>
  typeof answer === 'object' && answer !== null && 'fault' in answer;

/**
 * Runs one job in a node process of its own and answers its first message (IPC, structured clone, so Buffers
 * travel): the process is killed after `timeoutMs` and once it has answered, and its memory is the system's
 * again when it ends, whatever the allocator or WebAssembly would have kept. A process that cannot start fails
 * with its own error (a fault of this server); every other way it fails, with the caller's words.
 */
export function runBoundedProcess<Answer>(
  file: string,
  job: Serializable,
  options: BoundedProcessOptions,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const kilobytes = String(options.memoryMb * 1024);
    // The shell sets the limits and becomes node (exec): the signal that ends node is the one seen here.
    const child = spawn(
      '/bin/sh',
      ['-c', 'ulimit -d "$1" && ulimit -c 0 && shift && exec "$@"', 'sh', kilobytes, process.execPath, file],
      { env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)));
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      finish();
    };
    const timer = setTimeout(() => settle(() => reject(options.tooSlow())), options.timeoutMs);
    child.once('message', (answer: Answer | { fault: string }) =>
      settle(() => (isFault(answer) ? reject(new Error(answer.fault)) : resolve(answer))),
    );
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) =>
      settle(() => {
        if (signal && OUT_OF_MEMORY_SIGNALS.has(signal)) return reject(options.tooHeavy());
        reject(
          options.crashed(new Error(`the process exited (${signal ?? code}) without answering: ${stderr.trim()}`)),
        );
      }),
    );
    child.send(job, (error) => error && settle(() => reject(error)));
  });
}
