import { Clock } from '../../src/common/clock';

/** A clock for tests: every reading is a millisecond after the one before, so writes made in a row keep their order. */
export class SteppingClock extends Clock {
  private last = Date.now();

  now(): Date {
    this.last += 1;
    return new Date(this.last);
  }
}
