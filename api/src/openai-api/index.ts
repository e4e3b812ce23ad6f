export { OpenAiApiModule } from './openai-api.module';
export { ApiKeyGuard } from './api-key.guard';
export { openCors } from './open-cors.middleware';
