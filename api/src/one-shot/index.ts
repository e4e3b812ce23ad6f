export { OneShotModule } from './one-shot.module';
