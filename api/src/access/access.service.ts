import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { type AppConfig, APP_CONFIG } from '../config';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-token';
import { PeopleRegistry } from './people/people.registry';
import { codeMatches } from './people/person-code';
import { CIRCLE, GUEST, type Viewer } from './viewer';
import { WrongCodeThrottle } from './wrong-code-throttle';

export const ACCESS_COOKIE = 'mb_access';

@Injectable()
export class AccessService {
  private readonly logger = new Logger('Access');
  private readonly tokens: AccessTokens;
  private readonly sharedCode: AppConfig['people']['sharedCode'];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly failures: WrongCodeThrottle,
    private readonly clock: Clock,
    private readonly people: PeopleRegistry,
  ) {
    this.tokens = new AccessTokens(config.access.code, config.access.sessionSecret);
    this.sharedCode = config.people.sharedCode;
  }

  /**
   * Who the request's access cookie names, if it still opens anything: without people the shared code's holder is
   * the circle; with people a person's cookie holds while the file lists them with the same code, and the shared
   * code's only while ACCESS_CODE_WITH_PEOPLE=guest.
   */
  viewerOf(req: Request): Viewer | undefined {
    const cookies = parseCookies(req.headers.cookie ?? '');
    const subject = this.tokens.subjectOf(cookies[ACCESS_COOKIE], this.clock.now().getTime());
    if (!subject) return undefined;
    if (!this.people.configured) return subject.kind === 'code' ? CIRCLE : undefined;
    if (subject.kind === 'code') return this.sharedCode === 'guest' ? GUEST : undefined;
    const person = this.people.get(subject.personId);
    if (!person || person.version !== subject.version) return undefined;
    return { kind: 'person', personId: person.id, firstName: person.firstName };
  }

  isAuthorized(req: Request): boolean {
    return this.viewerOf(req) !== undefined;
  }

  /** Whether personal codes are in use (the sign-in screens say so). */
  get peopleConfigured(): boolean {
    return this.people.configured;
  }

  /** Checks a submitted code; wrong ones are counted per client and refused with 429 past the limit. */
  async grant(passcode: string, req: Request, res: Response): Promise<Viewer> {
    const client = req.ip ?? 'unknown';
    const blockedMs = await this.failures.blockedFor(client);
    if (blockedMs > 0) throw this.tooManyAttempts(blockedMs);

    const granted = await this.whoseCode(passcode);
    if (!granted) {
      await this.failures.recordFailure(client);
      this.logger.warn(`Wrong access code from ${client}`);
      throw new AppError('ACCESS_DENIED', 'Invalid passcode. Please try again.');
    }
    await this.failures.forget(client);
    res.cookie(ACCESS_COOKIE, this.tokens.issue(this.clock.now().getTime(), granted.person), {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/',
      maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    return granted.viewer;
  }

  /**
   * The viewer a code signs in, if any. Every person's hash is checked (in the thread pool, all of them, so the
   * time taken does not tell whose it was), then the shared code.
   */
  private async whoseCode(
    passcode: string,
  ): Promise<{ viewer: Viewer; person?: { personId: string; version: string } } | undefined> {
    if (!this.people.configured) return this.tokens.matchesCode(passcode) ? { viewer: CIRCLE } : undefined;
    const people = this.people.list();
    const matches = await Promise.all(people.map((person) => codeMatches(passcode, person.codeHash)));
    const person = people.find((_, index) => matches[index]);
    if (person)
      return {
        viewer: { kind: 'person', personId: person.id, firstName: person.firstName },
        person: { personId: person.id, version: person.version },
      };
    return this.sharedCode === 'guest' && this.tokens.matchesCode(passcode) ? { viewer: GUEST } : undefined;
  }

  revoke(res: Response): void {
    res.clearCookie(ACCESS_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
  }

  private tooManyAttempts(msBeforeNext: number): AppError {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new AppError(
      'TOO_MANY_ATTEMPTS',
      `Too many wrong access codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
}
