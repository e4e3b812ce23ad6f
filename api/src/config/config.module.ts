import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { AppConfig } from './app-config';

export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class AppConfigModule {
  /** The config is validated before the module graph exists, so a bad one never half-boots the app. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ app: config })] })],
      providers: [
        {
          provide: APP_CONFIG,
          inject: [ConfigService],
          useFactory: (cs: ConfigService) => cs.getOrThrow<AppConfig>('app'),
        },
      ],
      exports: [APP_CONFIG],
    };
  }
}
