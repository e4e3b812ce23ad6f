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

@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
