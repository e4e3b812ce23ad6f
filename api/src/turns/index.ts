export { TurnsModule } from './turns.module';
