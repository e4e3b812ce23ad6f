/**
 * The real timer and clock, taken before any test fakes them (jest.useFakeTimers): a test that holds its code's
 * time still can still wait for what its child processes and sockets do.
 */
const { setTimeout: realSetTimeout } = globalThis;
const elapsedMs = performance.now.bind(performance);

export interface EventuallyOptions {
  /** How long to keep asking (default 5 s). With 0 the probe is asked once: it must answer at once. */
  timeoutMs?: number;
  /** The pause between two askings (default 20 ms). */
  intervalMs?: number;
}

/**
 * The one poller of the tests: asks `probe` until it answers something other than `undefined` or `false`,
 * and resolves with that answer. A condition reads as it is (`() => fake.calls === 1`); a probe for a row or
 * a value answers `undefined` until it is there. Gives up with an error naming `what` (and the last answer)
 * when `timeoutMs` has passed, so a signal that never comes fails the test instead of passing it late.
 * An error thrown by the probe is not retried: it fails the wait at once.
 */
export async function eventually<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  { timeoutMs = 5000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = elapsedMs() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer;
    if (elapsedMs() >= deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}
