export { DatabaseModule } from './database.module';
