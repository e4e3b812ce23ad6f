import { Controller, HttpCode, Post } from '@nestjs/common';
import type { VerifyKeyResponse } from '@mb/contracts/types/wire/verify-key-response';
import { Answers } from '../common/route-docs';
import { ChatModel } from './chat-model.service';
import { MODEL_CALL_ERRORS } from './model-failure';
import { ModelKey } from './model-key.decorator';

@Controller('openai')
export class ModelKeyController {
  constructor(private readonly model: ChatModel) {}

  /** The API key form's check: the key in X-OpenAI-Key (or the server's) against the AI service. */
  @Post('verify-key')
  @HttpCode(200)
  @Answers({
    summary: "Check an OpenAI key (X-OpenAI-Key, else the server's) with the AI service",
    json: 'wire/verify-key-response',
    errors: MODEL_CALL_ERRORS,
  })
  async verify(@ModelKey() apiKey?: string): Promise<VerifyKeyResponse> {
    await this.model.verifyKey({ apiKey });
    return { valid: true };
  }
}
