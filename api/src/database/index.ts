export { DatabaseModule } from './database.module';
export { openDataSource } from './open-data-source';
export { startEmbeddedPostgres } from './embedded/embedded-postgres';
export { dataDirHolder } from './embedded/data-dir-lock';
export { openBesideTheServer, type ScriptDatabase } from './open-beside-the-server';
