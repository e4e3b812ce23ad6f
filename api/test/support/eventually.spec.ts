import { eventually } from './eventually';

describe(eventually.name, () => {
  it('resolves with the first answer that is neither undefined nor false', async () => {
    const answers = [undefined, false, 0, 1];
    expect(await eventually(() => answers.shift(), 'an answer', { intervalMs: 1 })).toBe(0);
    expect(answers).toEqual([1]);
  });

  it('gives up with what it waited for once the time has passed', async () => {
    let asked = 0;
    const waiting = eventually(() => (asked++, false), 'a signal that never comes', { timeoutMs: 50, intervalMs: 5 });
    await expect(waiting).rejects.toThrow('gave up waiting for a signal that never comes after 50 ms');
    expect(asked).toBeGreaterThan(1);
  });

  it('asks once when given no time', async () => {
    let asked = 0;
    await expect(eventually(() => (asked++, undefined), 'an answer now', { timeoutMs: 0 })).rejects.toThrow();
    expect(asked).toBe(1);
  });

  it('fails at once with the error of a probe that throws', async () => {
    let asked = 0;
    const failing = () => {
      asked++;
      return Promise.reject(new Error('the probe broke'));
    };
    await expect(eventually(failing, 'an answer')).rejects.toThrow('the probe broke');
    expect(asked).toBe(1);
  });

  it('keeps asking while the test holds the timers and the clock still', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      let asked = 0;
      expect(await eventually(() => ++asked === 3 && asked, 'the third asking', { intervalMs: 1 })).toBe(3);
      await expect(
        eventually(() => false, 'a signal that never comes', { timeoutMs: 20, intervalMs: 5 }),
      ).rejects.toThrow('gave up waiting for a signal that never comes after 20 ms');
    } finally {
      jest.useRealTimers();
    }
  });
});
