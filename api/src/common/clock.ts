import { DynamicModule, Global, Module } from '@nestjs/common';

/**
 * Where the server reads the time it stores (a session's and a message's times): injected, so a test can give
 * every write its own instant instead of waiting for the system clock to move.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** The system's clock, for code that runs without the app's (a CLI, a default); the app injects Clock. */
export const systemClock: Clock = new SystemClock();

@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
