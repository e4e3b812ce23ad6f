import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../access/public.decorator';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { SettingsResponse } from '../../../schemas/types/wire/settings-response';

@Controller('settings')
export class SettingsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  get(): SettingsResponse {
    const hasOpenAIKey = Boolean(this.config.openai.apiKey);
    return {
      hasOpenAIKey,
      clientInitialized: hasOpenAIKey,
      assistantAPIInitialized: hasOpenAIKey,
      hasSerperApiKey: Boolean(this.config.serper.apiKey),
    };
  }
}
