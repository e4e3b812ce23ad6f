import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { type AppConfig, APP_CONFIG } from '../config';
import { ModelFailure } from './model-failure';
import { createUpstreamFetch } from './upstream-fetch';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Builds OpenAI SDK clients: one for the server's key, a throwaway one per request for a key the user brought. */
@Injectable()
export class ModelClients {
  private readonly serverClient?: OpenAI;
  /** Shared by every client, so a key brought per request reuses the same connections. */
  private readonly fetch = createUpstreamFetch();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.openai.apiKey) this.serverClient = this.create(config.openai.apiKey);
  }

  get hasServerKey(): boolean {
    return Boolean(this.config.openai.apiKey);
  }

  get serverClientReady(): boolean {
    return this.serverClient !== undefined;
  }

  get defaultModel(): string {
    return this.config.openai.model;
  }

  /** Fails with NO_API_KEY when a call could not be made: no key from the request and none on the server. */
  assertKeyAvailable(requestKey?: string): void {
    if (!requestKey && !this.serverClient) throw ModelFailure.noApiKey();
  }

  /** The request's own key when it brings one (used for that request only), else the server's. */
  forRequest(requestKey?: string): OpenAI {
    if (requestKey) return this.create(requestKey);
    if (this.serverClient) return this.serverClient;
    throw ModelFailure.noApiKey();
  }

  private create(apiKey: string): OpenAI {
    return new OpenAI({
      apiKey,
      baseURL: this.config.openai.baseUrl ?? OPENAI_BASE_URL,
      // RetryPolicy is the one retry layer.
      maxRetries: 0,
      // ChatModel times attempts itself; this is only a backstop.
      timeout: this.config.openai.timeoutMs + 5000,
      logLevel: 'off',
      fetch: this.fetch,
    });
  }
}
