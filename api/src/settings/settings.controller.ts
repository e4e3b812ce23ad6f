import { Controller, Get } from '@nestjs/common';
import { Public } from '../access';
import { Answers } from '../common/route-docs';
import { ModelClients } from '../llm';
import { WebSearch } from '../search';
import type { SettingsResponse } from '@mb/contracts/types/wire/settings-response';

@Controller('settings')
export class SettingsController {
  constructor(
    private readonly clients: ModelClients,
    private readonly search: WebSearch,
  ) {}

  /** What the server itself can do; the browser shows the key form when it cannot answer. */
  @Public()
  @Get()
  @Answers({ summary: 'What the server can do without a key from the browser', json: 'wire/settings-response' })
  get(): SettingsResponse {
    const ready = this.clients.serverClientReady;
    return {
      hasOpenAIKey: this.clients.hasServerKey,
      clientInitialized: ready,
      // The assistant strategy is chat completions over a window of messages: ready with the same client.
      assistantAPIInitialized: ready,
      hasSerperApiKey: this.search.available,
    };
  }
}
