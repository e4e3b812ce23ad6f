import { type INestApplication, type LoggerService, type LogLevel, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { API_PREFIX, AppModule } from './app.module';
import { OPENAI_API_ROOT } from './common/api-prefix';
import type { Clock } from './common/clock';
import { sameOriginChanges } from './common/same-origin.middleware';
import { openCors } from './openai-api';
import { securityHeaders } from './common/security-headers';
import type { AppConfig } from './config';

export interface CreateAppOptions {
  logger?: LoggerService | LogLevel[] | false;
  /** The time the app stores; the system's by default. */
  clock?: Clock;
}

/** Builds the whole application; main.ts and the e2e tests share it. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.clock), {
    bodyParser: false,
    abortOnError: false,
    logger: options.logger,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are never cached (no-store), so an ETag would be hashed for nothing; web assets get theirs from serve-static.
  app.set('etag', false);
  app.use(securityHeaders());
  app.use(compression());
  // API answers hold private data and change with every message: never cache them.
  const noStore = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  app.use(`/${API_PREFIX}`, noStore);
  app.use(`/${OPENAI_API_ROOT}`, noStore);
  // Before every route: a page of another origin never changes anything with the user's cookie. Not /v1, which
  // programs and pages call from anywhere with a key and no cookie.
  app.use(`/${API_PREFIX}`, sameOriginChanges());
  app.use(`/${OPENAI_API_ROOT}`, openCors());
  // The OpenAI-compatible API sits where OpenAI clients look for it: a base URL ending in /v1.
  app.setGlobalPrefix(API_PREFIX, { exclude: [{ path: `${OPENAI_API_ROOT}/{*path}`, method: RequestMethod.ALL }] });
  app.enableShutdownHooks();
  return app;
}
