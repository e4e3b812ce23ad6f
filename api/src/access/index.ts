export { AccessModule } from './access.module';
export { Public } from './public.decorator';
