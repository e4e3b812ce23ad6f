import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { ApiKeyStore } from './api-key.store';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeys } from './api-keys.service';
import { KeyRateLimit } from './key-rate-limit';

/** Named keys for the OpenAI-compatible API (/v1): managed under /api/keys with the access cookie. */
@Module({
  imports: [AgentsModule],
  controllers: [ApiKeysController],
  providers: [ApiKeyStore, ApiKeys, KeyRateLimit],
  exports: [ApiKeys, KeyRateLimit],
})
export class ApiKeysModule {}
