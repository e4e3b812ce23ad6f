import OpenAI from 'openai';
import { ModelCallAborted, ModelFailure } from './model-failure';
import { RETRY_TIMING, RetryPolicy, sleep, type Sleep } from './retry-policy';

/** Records every wait instead of waiting; the signal it was given too. */
function recordingSleep() {
  const waits: number[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const wait: Sleep = (ms, signal) => {
    waits.push(ms);
    signals.push(signal);
    return Promise.resolve();
  };
  return { waits, signals, wait };
}

/** A call that fails with the given errors in turn, then answers `value`. */
function scriptedCall<T>(errors: Error[], value: T) {
  const attempts: number[] = [];
  const call = (attempt: number): Promise<T> => {
    attempts.push(attempt);
    const error = errors[attempts.length - 1];
    return error === undefined ? Promise.resolve(value) : Promise.reject(error);
  };
  return { attempts, call };
}

const httpError = (status: number, headers: Record<string, string> = {}, code: string | null = null) =>
  OpenAI.APIError.generate(
    status,
    { error: { message: `Scripted ${status}`, type: 'server_error', param: null, code } },
    undefined,
    new Headers(headers),
  );

const retryable = () => new ModelFailure('UPSTREAM_ERROR', true, undefined, 502);
const retryableAfter = (ms: number) => new ModelFailure('RATE_LIMIT', true, ms, 429);

describe(RetryPolicy.name, () => {
  let clock: ReturnType<typeof recordingSleep>;
  let sut: RetryPolicy;

  beforeEach(() => {
    clock = recordingSleep();
    // random() = 0.5 → a jitter of 500 ms out of 1000.
    sut = new RetryPolicy(RETRY_TIMING, clock.wait, () => 0.5);
  });

  it("uses the spec's timing by default: 3 attempts, 1000 ms doubled per retry, up to 1000 ms jitter, Retry-After up to 60 s", () => {
    expect(RETRY_TIMING).toEqual({ attempts: 3, baseDelayMs: 1000, jitterMs: 1000, maxRetryAfterMs: 60_000 });
  });

  describe('delayBeforeRetry', () => {
    it('waits 1000 ms + jitter before the first retry, 2000 ms + jitter before the second, and allows no third', () => {
      expect(sut.delayBeforeRetry(1, retryable())).toBe(1500);
      expect(sut.delayBeforeRetry(2, retryable())).toBe(2500);
      expect(sut.delayBeforeRetry(3, retryable())).toBeNull();
    });

    it('draws the jitter from 0 to just under 1000 ms', () => {
      expect(new RetryPolicy(RETRY_TIMING, clock.wait, () => 0).delayBeforeRetry(1, retryable())).toBe(1000);
      expect(new RetryPolicy(RETRY_TIMING, clock.wait, () => 0.9999).delayBeforeRetry(1, retryable())).toBe(1999);
      expect(new RetryPolicy(RETRY_TIMING, clock.wait, () => 0.9999).delayBeforeRetry(2, retryable())).toBe(2999);
    });

    it('never retries a failure that is not retryable', () => {
      expect(sut.delayBeforeRetry(1, new ModelFailure('UPSTREAM_ERROR', false, undefined, 500))).toBeNull();
      expect(sut.delayBeforeRetry(1, new ModelFailure('UNAUTHORIZED', false, undefined, 401))).toBeNull();
    });

    it("waits exactly the service's Retry-After when under 60 s, without jitter", () => {
      expect(sut.delayBeforeRetry(1, retryableAfter(1000))).toBe(1000);
      expect(sut.delayBeforeRetry(2, retryableAfter(1000))).toBe(1000);
      expect(sut.delayBeforeRetry(1, retryableAfter(0))).toBe(0);
      expect(sut.delayBeforeRetry(1, retryableAfter(59_999))).toBe(59_999);
    });

    it('does not retry when the Retry-After is 60 s or more', () => {
      expect(sut.delayBeforeRetry(1, retryableAfter(60_000))).toBeNull();
      expect(sut.delayBeforeRetry(1, retryableAfter(120_000))).toBeNull();
    });

    it('does not let a Retry-After add a fourth attempt', () => {
      expect(sut.delayBeforeRetry(3, retryableAfter(1000))).toBeNull();
    });

    it('follows the timing it is given', () => {
      const custom = new RetryPolicy(
        { attempts: 5, baseDelayMs: 100, jitterMs: 10, maxRetryAfterMs: 5000 },
        clock.wait,
        () => 0.5,
      );

      expect([1, 2, 3, 4, 5].map((retry) => custom.delayBeforeRetry(retry, retryable()))).toEqual([
        105,
        205,
        405,
        805,
        null,
      ]);
      expect(custom.delayBeforeRetry(1, retryableAfter(5000))).toBeNull();
    });
  });

  describe('run', () => {
    it('answers with the first attempt when it succeeds, without waiting', async () => {
      const { attempts, call } = scriptedCall([], 'first');

      await expect(sut.run(call)).resolves.toBe('first');
      expect(attempts).toEqual([1]);
      expect(clock.waits).toEqual([]);
    });

    it('retries a retryable failure and answers with the value of the second attempt', async () => {
      const { attempts, call } = scriptedCall([httpError(502)], 'second');

      await expect(sut.run(call)).resolves.toBe('second');
      expect(attempts).toEqual([1, 2]);
      expect(clock.waits).toEqual([1500]);
    });

    it('makes at most 3 attempts, waiting 1000 + j then 2000 + j, and throws the classified last failure', async () => {
      const { attempts, call } = scriptedCall([httpError(502), httpError(502), httpError(504)], 'never');

      const error = await sut.run(call).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ModelFailure);
      expect(error).toMatchObject({ modelCode: 'TIMEOUT', upstreamStatus: 504 });
      expect(attempts).toEqual([1, 2, 3]);
      expect(clock.waits).toEqual([1500, 2500]);
    });

    it.each([
      ['a 400', httpError(400), 'UPSTREAM_ERROR'],
      ['a 500', httpError(500), 'UPSTREAM_ERROR'],
      ['a 401', httpError(401), 'UNAUTHORIZED'],
      ['an exhausted quota', httpError(429, {}, 'insufficient_quota'), 'RATE_LIMIT'],
      ['a non-retryable ModelFailure', ModelFailure.noApiKey(), 'NO_API_KEY'],
    ])('does not retry %s', async (_case, failure, modelCode) => {
      const { attempts, call } = scriptedCall([failure], 'never');

      await expect(sut.run(call)).rejects.toMatchObject({ modelCode, retryable: false });
      expect(attempts).toEqual([1]);
      expect(clock.waits).toEqual([]);
    });

    it("waits the service's Retry-After under 60 s instead of the backoff", async () => {
      const { attempts, call } = scriptedCall(
        [httpError(429, { 'retry-after': '3' }), httpError(429, { 'retry-after': '1' })],
        'third',
      );

      await expect(sut.run(call)).resolves.toBe('third');
      expect(attempts).toEqual([1, 2, 3]);
      expect(clock.waits).toEqual([3000, 1000]);
    });

    it('reads a Retry-After date against its clock', async () => {
      // Long past, so a wait read against the system clock instead comes out as none.
      const at = Date.UTC(2001, 0, 1);
      const onTheClock = new RetryPolicy(RETRY_TIMING, clock.wait, () => 0.5, { now: () => new Date(at) });
      const { call } = scriptedCall([httpError(429, { 'retry-after': new Date(at + 5000).toUTCString() })], 'second');

      await expect(onTheClock.run(call)).resolves.toBe('second');
      expect(clock.waits).toEqual([5000]);
    });

    it('does not retry when the Retry-After is 60 s or more, and the failure keeps it for the client', async () => {
      const { attempts, call } = scriptedCall([httpError(429, { 'retry-after': '60' })], 'never');

      const error = await sut.run(call).catch((e: unknown) => e);

      expect(error).toMatchObject({ modelCode: 'RATE_LIMIT', retryAfterMs: 60_000, headers: { 'Retry-After': '60' } });
      expect(attempts).toEqual([1]);
      expect(clock.waits).toEqual([]);
    });

    it('stops retrying when mayRetry says no', async () => {
      const { attempts, call } = scriptedCall([httpError(502), httpError(502)], 'never');
      const mayRetry = jest.fn().mockReturnValueOnce(true).mockReturnValue(false);

      await expect(sut.run(call, undefined, { mayRetry })).rejects.toMatchObject({
        modelCode: 'UPSTREAM_ERROR',
        upstreamStatus: 502,
      });
      expect(attempts).toEqual([1, 2]);
      expect(clock.waits).toEqual([1500]);
      expect(mayRetry).toHaveBeenCalledTimes(2);
    });

    it('tells onRetry the failure, the attempt that failed and the wait', async () => {
      const { call } = scriptedCall([httpError(502), httpError(429, { 'retry-after': '2' })], 'done');
      const onRetry = jest.fn();

      await sut.run(call, undefined, { onRetry });

      expect(onRetry.mock.calls.map(([failure, attempt, wait]) => [failure.modelCode, attempt, wait])).toEqual([
        ['UPSTREAM_ERROR', 1, 1500],
        ['RATE_LIMIT', 2, 2000],
      ]);
    });

    it('does not call onRetry for a failure it gives up on', async () => {
      const { call } = scriptedCall([httpError(500)], 'never');
      const onRetry = jest.fn();

      await expect(sut.run(call, undefined, { onRetry })).rejects.toBeInstanceOf(ModelFailure);
      expect(onRetry).not.toHaveBeenCalled();
    });

    it('waits with the signal it was given', async () => {
      const controller = new AbortController();
      const { call } = scriptedCall([httpError(502)], 'ok');

      await sut.run(call, controller.signal);

      expect(clock.signals).toEqual([controller.signal]);
    });

    it('throws ModelCallAborted, and makes no more calls, when the signal is aborted during an attempt', async () => {
      const controller = new AbortController();
      const attempts: number[] = [];
      const call = (attempt: number): Promise<never> => {
        attempts.push(attempt);
        controller.abort();
        // Whatever the attempt fails with once stopped, it is a stop, not a retryable failure.
        return Promise.reject(httpError(502));
      };

      await expect(sut.run(call, controller.signal)).rejects.toBeInstanceOf(ModelCallAborted);
      expect(attempts).toEqual([1]);
      expect(clock.waits).toEqual([]);
    });

    it('throws ModelCallAborted, not a failure, when the SDK reports an abort', async () => {
      const { attempts, call } = scriptedCall([new OpenAI.APIUserAbortError()], 'never');

      await expect(sut.run(call)).rejects.toBeInstanceOf(ModelCallAborted);
      expect(attempts).toEqual([1]);
    });

    it('throws ModelCallAborted, and makes no more calls, when the signal is aborted during the wait (the real sleep)', async () => {
      const controller = new AbortController();
      let waitMs: number | undefined;
      // The real sleep, aborted once it has begun.
      const abortedSleep: Sleep = (ms, signal) => {
        const waiting = sleep(ms, signal);
        waitMs = ms;
        controller.abort();
        return waiting;
      };
      const sleeping = new RetryPolicy({ ...RETRY_TIMING, baseDelayMs: 20_000 }, abortedSleep, () => 0);
      const attempts: number[] = [];
      const call = (attempt: number): Promise<never> => {
        attempts.push(attempt);
        return Promise.reject(httpError(502));
      };

      const run = sleeping.run(call, controller.signal);

      await expect(run).rejects.toBeInstanceOf(ModelCallAborted);
      expect(waitMs).toBe(20_000);
      expect(attempts).toEqual([1]);
    });
  });
});

describe('sleep', () => {
  it('resolves once the time has passed', async () => {
    await expect(sleep(5)).resolves.toBeUndefined();
  });

  it('rejects with ModelCallAborted at once when the signal is already aborted', async () => {
    await expect(sleep(60_000, AbortSignal.abort())).rejects.toBeInstanceOf(ModelCallAborted);
  });
});
