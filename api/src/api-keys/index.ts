export { ApiKeysModule } from './api-keys.module';
export { ApiKeys } from './api-keys.service';
export type { ApiKeyRecord, PresentedKey } from './api-key.store';
export { KeyRateLimit } from './key-rate-limit';
