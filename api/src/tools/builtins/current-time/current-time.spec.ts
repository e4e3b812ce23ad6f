import { currentTimeTool, ToolInputError } from '.';

const at = (iso: string) => currentTimeTool(() => new Date(iso));

const timeAt = (iso: string, args: unknown = {}) => at(iso).run(args, new AbortController().signal);

describe(currentTimeTool.name, () => {
  it('offers one optional string argument, timeZone, and nothing else', () => {
    const sut = currentTimeTool();
    expect(sut.name).toBe('current_time');
    expect(sut.parameters).toEqual({
      type: 'object',
      properties: { timeZone: { type: 'string', description: expect.any(String) } },
      required: [],
      additionalProperties: false,
    });
  });

  it('tells the time in UTC when no zone is given, to the second', async () => {
    expect(await timeAt('2026-11-25T13:03:00.987Z')).toBe('2026-11-25T13:03:00+00:00 (Wednesday) UTC');
    expect(await timeAt('2026-11-25T13:03:00Z', undefined)).toBe('2026-11-25T13:03:00+00:00 (Wednesday) UTC');
    expect(await timeAt('2026-11-25T13:03:00Z', { timeZone: null })).toBe('2026-11-25T13:03:00+00:00 (Wednesday) UTC');
  });

  it('reads the clock at each call, not once', async () => {
    let instant = new Date('2026-11-25T13:03:00Z');
    const sut = currentTimeTool(() => instant);
    expect(await sut.run({}, new AbortController().signal)).toContain('T13:03:00');
    instant = new Date('2026-11-25T13:04:30Z');
    expect(await sut.run({}, new AbortController().signal)).toContain('T13:04:30');
  });

  it('uses the system clock by default', async () => {
    jest.useFakeTimers({ now: new Date('2031-02-03T04:05:06.700Z'), doNotFake: ['nextTick', 'queueMicrotask'] });
    try {
      const told = await currentTimeTool().run({}, new AbortController().signal);
      expect(told).toBe('2031-02-03T04:05:06+00:00 (Monday) UTC');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    { zone: 'Europe/Berlin', iso: '2026-11-25T13:03:00Z', told: '2026-11-25T14:03:00+01:00 (Wednesday) Europe/Berlin' },
    { zone: 'Europe/Berlin', iso: '2026-07-01T12:00:00Z', told: '2026-07-01T14:00:00+02:00 (Wednesday) Europe/Berlin' },
    { zone: 'Asia/Kolkata', iso: '2026-11-25T13:03:00Z', told: '2026-11-25T18:33:00+05:30 (Wednesday) Asia/Kolkata' },
    {
      zone: 'Asia/Kathmandu',
      iso: '2026-11-25T13:03:00Z',
      told: '2026-11-25T18:48:00+05:45 (Wednesday) Asia/Kathmandu',
    },
    {
      zone: 'America/St_Johns',
      iso: '2026-11-25T13:03:00Z',
      told: '2026-11-25T09:33:00-03:30 (Wednesday) America/St_Johns',
    },
    {
      zone: 'Pacific/Kiritimati',
      iso: '2026-11-25T13:03:00Z',
      told: '2026-11-26T03:03:00+14:00 (Thursday) Pacific/Kiritimati',
    },
    {
      zone: 'Pacific/Pago_Pago',
      iso: '2026-11-25T03:00:00Z',
      told: '2026-11-24T16:00:00-11:00 (Tuesday) Pacific/Pago_Pago',
    },
    { zone: 'UTC', iso: '2026-12-31T23:59:59Z', told: '2026-12-31T23:59:59+00:00 (Thursday) UTC' },
    { zone: 'Asia/Tokyo', iso: '2026-12-31T15:00:00Z', told: '2027-01-01T00:00:00+09:00 (Friday) Asia/Tokyo' },
  ])('tells $iso in $zone as $told', async ({ zone, iso, told }) => {
    expect(await timeAt(iso, { timeZone: zone })).toBe(told);
  });

  it('writes midnight as 00, never 24', async () => {
    expect(await timeAt('2026-11-24T23:00:00Z', { timeZone: 'Europe/Berlin' })).toBe(
      '2026-11-25T00:00:00+01:00 (Wednesday) Europe/Berlin',
    );
  });

  describe('daylight saving time in America/New_York', () => {
    const newYork = (iso: string) => timeAt(iso, { timeZone: 'America/New_York' });

    it('jumps from 01:59:59-05:00 to 03:00:00-04:00 on 8 March 2026', async () => {
      expect(await newYork('2026-03-08T06:59:59Z')).toBe('2026-03-08T01:59:59-05:00 (Sunday) America/New_York');
      expect(await newYork('2026-03-08T07:00:00Z')).toBe('2026-03-08T03:00:00-04:00 (Sunday) America/New_York');
    });

    it('tells the repeated hour of 1 November 2026 apart by its offset', async () => {
      expect(await newYork('2026-11-01T05:30:00Z')).toBe('2026-11-01T01:30:00-04:00 (Sunday) America/New_York');
      expect(await newYork('2026-11-01T06:30:00Z')).toBe('2026-11-01T01:30:00-05:00 (Sunday) America/New_York');
    });
  });

  it('gives the ISO part as an instant that parses back to the clock', async () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Kiritimati']) {
      const told = await timeAt('2026-03-08T07:00:00Z', { timeZone: zone });
      expect(new Date(told.split(' ')[0]).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    }
  });

  describe('zone names', () => {
    it.each([
      { asked: 'europe/berlin', named: 'Europe/Berlin' },
      { asked: '  Europe/Berlin ', named: 'Europe/Berlin' },
      { asked: 'utc', named: 'UTC' },
      { asked: 'Asia/Kolkata', named: 'Asia/Kolkata' },
      { asked: 'Asia/Calcutta', named: 'Asia/Calcutta' },
      { asked: 'US/Eastern', named: 'US/Eastern' },
    ])('names $asked as $named', async ({ asked, named }) => {
      expect(await timeAt('2026-11-25T13:03:00Z', { timeZone: asked })).toMatch(new RegExp(` ${named}$`));
    });

    it.each([
      {
        timeZone: 'Mars/Olympus_Mons',
        message:
          "unknown time zone 'Mars/Olympus_Mons'; use an IANA zone name such as 'Europe/Berlin' or 'America/New_York'",
      },
      {
        timeZone: 'Europe/Berln',
        message:
          "unknown time zone 'Europe/Berln'; use an IANA zone name such as 'Europe/Berlin' or 'America/New_York'",
      },
      { timeZone: 'Berlin', message: "unknown time zone 'Berlin'; did you mean 'Europe/Berlin'?" },
      { timeZone: 'new york', message: "unknown time zone 'new york'; did you mean 'America/New_York'?" },
      {
        timeZone: 'UTC+2',
        message: "unknown time zone 'UTC+2'; use an IANA zone name such as 'Europe/Berlin' or 'America/New_York'",
      },
      { timeZone: '', message: "timeZone must be an IANA zone name such as 'Europe/Berlin', or left out for UTC" },
      {
        timeZone: 'x'.repeat(65),
        message: "timeZone must be an IANA zone name such as 'Europe/Berlin', or left out for UTC",
      },
      { timeZone: 1, message: "timeZone must be an IANA zone name such as 'Europe/Berlin', or left out for UTC" },
    ])('refuses $timeZone: $message', async ({ timeZone, message }) => {
      const failure = timeAt('2026-11-25T13:03:00Z', { timeZone });
      await expect(failure).rejects.toThrow(ToolInputError);
      await expect(failure).rejects.toThrow(new ToolInputError(message));
    });
  });

  it.each([
    { args: 'Europe/Berlin', message: 'arguments must be an object like {"timeZone": "Europe/Berlin"}, or {} for UTC' },
    {
      args: ['Europe/Berlin'],
      message: 'arguments must be an object like {"timeZone": "Europe/Berlin"}, or {} for UTC',
    },
    { args: { timezone: 'Europe/Berlin' }, message: "unknown argument 'timezone'; give only timeZone" },
  ])('refuses the arguments $args', async ({ args, message }) => {
    await expect(timeAt('2026-11-25T13:03:00Z', args)).rejects.toThrow(new ToolInputError(message));
  });

  it('does not start when the call was already cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('turn cancelled'));
    await expect(at('2026-11-25T13:03:00Z').run({}, controller.signal)).rejects.toThrow('turn cancelled');
  });
});
