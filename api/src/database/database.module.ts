import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntitySchema } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { migrations } from './migrations';

type EntityClass = abstract new (...args: never[]) => unknown;
export interface DatabaseModuleOptions {
  entities: Array<EntityClass | EntitySchema>;
}

const EMBEDDED = Symbol('EMBEDDED_POSTGRES');

async function openDataSource(config: AppConfig, embedded: EmbeddedPostgres | null, options: DatabaseModuleOptions) {
  const connection = embedded ? embedded.connection : { url: config.database.kind === 'postgres' ? config.database.url : undefined };
  const dataSource = new DataSource({
    type: 'postgres',
    ...connection,
    entities: options.entities,
    migrations,
    synchronize: false,
    // PGlite is one backend: statements from parallel connections would interleave, so use one.
    extra: { max: embedded ? 1 : 10 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
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
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            config.database.kind === 'embedded' ? startEmbeddedPostgres(config.database.dataDir) : null,
        },
        {
          provide: DataSource,
          inject: [APP_CONFIG, EMBEDDED],
          useFactory: async (config: AppConfig, embedded: EmbeddedPostgres | null) => {
            try {
              return await openDataSource(config, embedded, options);
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
