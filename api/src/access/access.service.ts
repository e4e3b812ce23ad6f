import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { type AppConfig, APP_CONFIG } from '../config';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-token';
import { WrongCodeThrottle } from './wrong-code-throttle';

export const ACCESS_COOKIE = 'mb_access';

@Injectable()
export class AccessService {
  private readonly logger = new Logger('Access');
  private readonly tokens: AccessTokens;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly failures: WrongCodeThrottle,
    private readonly clock: Clock,
  ) {
    this.tokens = new AccessTokens(config.access.code, config.access.sessionSecret);
  }

  isAuthorized(req: Request): boolean {
    const cookies = parseCookies(req.headers.cookie ?? '');
    return this.tokens.verify(cookies[ACCESS_COOKIE], this.clock.now().getTime());
  }

  /** Checks a submitted code; wrong ones are counted per client and refused with 429 past the limit. */
  async grant(passcode: string, req: Request, res: Response): Promise<void> {
    const client = req.ip ?? 'unknown';
    const blockedMs = await this.failures.blockedFor(client);
    if (blockedMs > 0) throw this.tooManyAttempts(blockedMs);

    if (!this.tokens.matchesCode(passcode)) {
      await this.failures.recordFailure(client);
      this.logger.warn(`Wrong access code from ${client}`);
      throw new AppError('ACCESS_DENIED', 'Invalid passcode. Please try again.');
    }
    await this.failures.forget(client);
    res.cookie(ACCESS_COOKIE, this.tokens.issue(this.clock.now().getTime()), {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/',
      maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
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
