import type { INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { API_PREFIX, AppModule } from './app.module';
import type { Clock } from './common/clock';
import { sameOriginChanges } from './common/same-origin.middleware';
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
  app.use(`/${API_PREFIX}`, (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Before every route: a page of another origin never changes anything with the user's cookie.
  app.use(`/${API_PREFIX}`, sameOriginChanges());
  app.setGlobalPrefix(API_PREFIX);
  app.enableShutdownHooks();
  return app;
}
