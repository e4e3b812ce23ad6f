export { OpenApiModule } from './openapi.module';
