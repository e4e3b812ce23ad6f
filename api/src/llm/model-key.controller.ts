import { Controller, HttpCode, Post } from '@nestjs/common';
import type { VerifyKeyResponse } from '../../../schemas/types/wire/verify-key-response';
import { ChatModel } from './chat-model.service';
import { ModelKey } from './model-key.decorator';

@Controller('openai')
export class ModelKeyController {
  constructor(private readonly model: ChatModel) {}

  /** The API key form's check: the key in X-OpenAI-Key (or the server's) against the AI service. */
  @Post('verify-key')
  @HttpCode(200)
  async verify(@ModelKey() apiKey?: string): Promise<VerifyKeyResponse> {
    await this.model.verifyKey({ apiKey });
    return { valid: true };
  }
}
