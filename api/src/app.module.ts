import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AccessModule } from './access/access.module';
import { AgentsModule } from './agents/agents.module';
import { ChatMessageEntity } from './chat/chat-message.entity';
import { ChatSessionEntity } from './chat/chat-session.entity';
import { ChatModule } from './chat/chat.module';
import { AppExceptionFilter } from './common/app-exception.filter';
import { JsonBodyMiddleware } from './common/json-body.middleware';
import type { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { webDistDir } from './config/repo-paths';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { SettingsModule } from './settings/settings.module';

export const API_PREFIX = 'api';

/** The built web app, with index.html for client routes; absent until `npm run build`. */
function webApp(): DynamicModule[] {
  if (!existsSync(join(webDistDir, 'index.html'))) return [];
  return [ServeStaticModule.forRoot({ rootPath: webDistDir, exclude: [`/${API_PREFIX}/{*path}`] })];
}

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule.forRoot({ entities: [ChatSessionEntity, ChatMessageEntity] }),
        AccessModule,
        AgentsModule,
        ChatModule,
        SettingsModule,
        HealthModule,
        ...webApp(),
      ],
      providers: [{ provide: APP_FILTER, useClass: AppExceptionFilter }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes('{*path}');
  }
}
