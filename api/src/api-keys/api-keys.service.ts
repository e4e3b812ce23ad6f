import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiKey } from '@mb/contracts/types/wire/api-key';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import { ownerOf, type Viewer } from '../access';
import { agentRefused, AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { type AppConfig, APP_CONFIG } from '../config';
import { toApiKeyDto } from './api-key-dto';
import { hashOfKey, newKeySecret } from './api-key-secret';
import { type ApiKeyRecord, ApiKeyStore, type PresentedKey } from './api-key.store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Named keys for the OpenAI-compatible API: made (shown once), listed, revoked, and checked on every request. */
@Injectable()
export class ApiKeys {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly agents: AgentRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new key owned as the viewer's creations are; the answer is the only place the key itself ever appears. */
  async create(viewer: Viewer, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    const agents = request.agents ?? null;
    const unknown = (agents ?? []).filter((id) => !this.agents.get(id));
    if (unknown.length) throw AppError.validation(unknown.map((id) => `agents: "${id}" is not a known agent`));
    const refused = (agents ?? []).flatMap((id) => this.agents.get(id) ?? []).find((agent) => !mayUse(viewer, agent));
    if (refused) throw agentRefused(refused);
    const limit = this.config.apiKeys.requestsPerMinute;
    if (request.requestsPerMinute && request.requestsPerMinute > limit)
      throw AppError.validation([`requestsPerMinute: at most API_KEY_RPM (${limit}); a key may be given less`]);
    const now = this.clock.now();
    const id = randomUUID();
    const { secret, prefix, hash } = newKeySecret(id);
    const key = await this.store.insert({
      id,
      name: request.name.trim(),
      prefix,
      hash,
      agents,
      allowConfirmTools: request.allowConfirmTools ?? false,
      requestsPerMinute: request.requestsPerMinute ?? null,
      ownerId: ownerOf(viewer),
      expiresAt: request.expiresInDays ? new Date(now.getTime() + request.expiresInDays * DAY_MS) : null,
      createdAt: now,
    });
    return { apiKey: toApiKeyDto(key), secret };
  }

  async list(viewer: Viewer): Promise<ApiKey[]> {
    return (await this.store.list(ownerOf(viewer))).map(toApiKeyDto);
  }

  /** Works no more from this moment, on every replica (each request reads the key's row). */
  async revoke(viewer: Viewer, id: string): Promise<ApiKey> {
    const key = await this.store.revoke(id, ownerOf(viewer), this.clock.now());
    if (!key) throw AppError.notFound('API key');
    return toApiKeyDto(key);
  }

  /** The key a request presents, looked up by its hash; a usable key's use is recorded with the lookup. */
  present(secret: string): Promise<PresentedKey> {
    return this.store.present(hashOfKey(secret), this.clock.now());
  }

  /** The requests a minute the key may make: its own limit, never above API_KEY_RPM. */
  requestsPerMinute(key: ApiKeyRecord): number {
    const limit = this.config.apiKeys.requestsPerMinute;
    return Math.min(key.requestsPerMinute ?? limit, limit);
  }

  recordTokens(key: ApiKeyRecord, tokens: number): Promise<void> {
    return this.store.addTokens(key.id, tokens);
  }
}
