import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';
import OpenAI from 'openai';
import type { TestApp } from './test-app';

/** A key made as the private area makes one (POST /api/keys with the access cookie). */
export async function makeApiKey(sut: TestApp, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return (await (await sut.authorized()).post('/api/keys').send(request).expect(201)).body as CreatedApiKey;
}

/** The official OpenAI SDK, unmodified, pointed at the app's /v1 with a key; no retries, so a test sees each answer. */
export async function openAiClient(sut: Pick<TestApp, 'url'>, secret: string): Promise<OpenAI> {
  return new OpenAI({ baseURL: `${await sut.url()}/v1`, apiKey: secret, maxRetries: 0 });
}
