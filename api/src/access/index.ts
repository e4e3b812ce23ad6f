export { AccessGuard } from './access.guard';
export { AccessModule } from './access.module';
export { ACCESS_COOKIE } from './access.service';
export { IS_PUBLIC, Public } from './public.decorator';
