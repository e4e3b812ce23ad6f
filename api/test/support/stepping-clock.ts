import { Clock } from '../../src/common/clock';

/** A clock for tests: every reading is a millisecond after the one before, so writes made in a row keep their order. */
export class SteppingClock extends Clock {
  /** `from`: the instant (ms) before its first reading; the system's time by default. */
  constructor(private last = Date.now()) {
    super();
  }

  /** Moves the clock on, as days passing would. */
  advance(ms: number): void {
    this.last += ms;
  }

  now(): Date {
    this.last += 1;
    return new Date(this.last);
  }
}
