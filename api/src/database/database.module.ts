import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntitySchema } from 'typeorm';
import { Clock } from '../common/clock';
import { type AppConfig, APP_CONFIG } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres';
import { openDataSource, type EntityClass } from './open-data-source';

export interface DatabaseModuleOptions {
  entities: Array<EntityClass | EntitySchema>;
}

const EMBEDDED = Symbol('EMBEDDED_POSTGRES');

function postgresUrl(config: AppConfig): string {
  if (config.database.kind !== 'postgres') throw new Error('The embedded database did not start');
  return config.database.url;
}

class DatabaseLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EMBEDDED) private readonly embedded: EmbeddedPostgres | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.dataSource.destroy().catch((error: Error) => this.logger.warn(`closing the pool: ${error.message}`));
    await this.embedded?.stop();
  }
}

@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: EMBEDDED,
          inject: [APP_CONFIG, Clock],
          useFactory: (config: AppConfig, clock: Clock) =>
            config.database.kind === 'embedded' ? startEmbeddedPostgres(config.database.dataDir, { clock }) : null,
        },
        {
          provide: DataSource,
          inject: [APP_CONFIG, EMBEDDED],
          useFactory: async (config: AppConfig, embedded: EmbeddedPostgres | null) => {
            try {
              return await openDataSource(embedded ? embedded : { url: postgresUrl(config) }, options.entities);
            } catch (error) {
              await embedded?.stop();
              throw error;
            }
          },
        },
        DatabaseLifecycle,
      ],
      exports: [DataSource],
    };
  }
}
