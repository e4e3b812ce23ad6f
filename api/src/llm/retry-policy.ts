import { type Clock, systemClock } from '../common/clock';
import { ModelCallAborted, ModelFailure, classifyModelError } from './model-failure';

/** The spec's business constants: 3 attempts, 1000 ms doubled per retry plus 0-1000 ms jitter. */
export const RETRY_TIMING = {
  attempts: 3,
  baseDelayMs: 1000,
  jitterMs: 1000,
  /** A longer Retry-After is not waited for inside a request: the user is told to come back. */
  maxRetryAfterMs: 60_000,
};

export type RetryTiming = typeof RETRY_TIMING;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelCallAborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelCallAborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryOptions {
  onRetry?(failure: ModelFailure, attempt: number, waitMs: number): void;
  /** Asked before each retry; false ends the attempts (e.g. once part of a reply was streamed). */
  mayRetry?(): boolean;
}

/** The only retry layer of model calls (the SDK's own retries are off). */
export class RetryPolicy {
  constructor(
    private readonly timing: RetryTiming = RETRY_TIMING,
    private readonly wait: Sleep = sleep,
    private readonly random: () => number = Math.random,
    private readonly clock: Clock = systemClock,
  ) {}

  /** An upstream failure in our terms; a Retry-After date is read against the clock. */
  classify(error: unknown): ModelFailure | ModelCallAborted {
    return classifyModelError(error, this.clock.now().getTime());
  }

  /** How long to wait before retry number `retry` (1-based) after `failure`; null when not to retry. */
  delayBeforeRetry(retry: number, failure: ModelFailure): number | null {
    if (!failure.retryable || retry >= this.timing.attempts) return null;
    if (failure.retryAfterMs !== undefined) {
      return failure.retryAfterMs < this.timing.maxRetryAfterMs ? failure.retryAfterMs : null;
    }
    return this.timing.baseDelayMs * 2 ** (retry - 1) + Math.floor(this.random() * this.timing.jitterMs);
  }

  /** Runs `call` until it succeeds, fails for good, or `signal` stops it; throws a ModelFailure or ModelCallAborted. */
  async run<T>(call: (attempt: number) => Promise<T>, signal?: AbortSignal, options: RetryOptions = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(attempt);
      } catch (error) {
        const failure = signal?.aborted ? new ModelCallAborted() : this.classify(error);
        if (failure instanceof ModelCallAborted) throw failure;
        const waitMs = options.mayRetry?.() === false ? null : this.delayBeforeRetry(attempt, failure);
        if (waitMs === null) throw failure;
        options.onRetry?.(failure, attempt, waitMs);
        await this.wait(waitMs, signal);
      }
    }
  }
}
