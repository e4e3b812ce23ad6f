import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AccessGuard, AccessModule } from './access';
import { AgentsModule } from './agents';
import { ApiKeysModule } from './api-keys';
import { AttachmentsModule } from './attachments';
import { API_PREFIX, OPENAI_API_ROOT } from './common/api-prefix';
import { AppExceptionFilter } from './common/app-exception.filter';
import { type Clock, ClockModule } from './common/clock';
import { JsonBodyGuard } from './common/json-body.guard';
import { type AppConfig, AppConfigModule, webDistDir } from './config';
import { DatabaseModule } from './database';
import { HealthModule } from './health';
import { HistorySearchModule } from './history-search';
import { MessagesModule } from './messages';
import { OneShotModule } from './one-shot';
import { ApiKeyGuard, OpenAiApiModule } from './openai-api';
import { OpenApiModule } from './openapi';
import { PersonasModule } from './personas';
import { RedisModule } from './redis';
import { ChatAccessGuard, ChatMessageEntity, ChatSessionEntity, SessionsModule } from './sessions';
import { SettingsModule } from './settings';
import { SummariesModule } from './summaries';
import { TransferModule } from './transfer';
import { ToolsModule } from './tools';
import { TurnsModule } from './turns';
import { UsageModule } from './usage';

export { API_PREFIX };
const assetsDir = join(webDistDir, 'assets') + sep;

/** The built web app, with index.html for client routes; absent until `npm run build`. */
function webApp(): DynamicModule[] {
  if (!existsSync(join(webDistDir, 'index.html'))) return [];
  return [
    ServeStaticModule.forRoot({
      rootPath: webDistDir,
      // A missing file (a fingerprinted asset, /favicon.ico) is a 404, never the app's HTML.
      exclude: [
        `/${API_PREFIX}/{*path}`,
        `/${OPENAI_API_ROOT}`,
        `/${OPENAI_API_ROOT}/{*path}`,
        '/assets/{*path}',
        '/:file.:extension',
      ],
      serveStaticOptions: {
        // Vite fingerprints everything under assets/, so those never change. Everything else always
        // revalidates: the page, and the service worker (sw.js), whose new version must reach every phone.
        setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) =>
          res.setHeader(
            'Cache-Control',
            path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
          ),
      },
    }),
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        ClockModule.forRoot(clock),
        DatabaseModule.forRoot({ entities: [ChatSessionEntity, ChatMessageEntity] }),
        RedisModule,
        AccessModule,
        AgentsModule,
        SessionsModule,
        AttachmentsModule,
        MessagesModule,
        SummariesModule,
        PersonasModule,
        ToolsModule,
        TurnsModule,
        OneShotModule,
        ApiKeysModule,
        OpenAiApiModule,
        HistorySearchModule,
        TransferModule,
        SettingsModule,
        UsageModule,
        HealthModule,
        OpenApiModule,
        ...webApp(),
      ],
      providers: [
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        // In this order: a request without access (the cookie, or a key on /v1) is refused before its body is read.
        { provide: APP_GUARD, useExisting: AccessGuard },
        { provide: APP_GUARD, useExisting: ApiKeyGuard },
        { provide: APP_GUARD, useClass: JsonBodyGuard },
        // Every request naming a chat (by path or body) is checked against its viewer, once its body is read.
        { provide: APP_GUARD, useExisting: ChatAccessGuard },
      ],
    };
  }
}
