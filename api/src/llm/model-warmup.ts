import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../config';
import { ChatModel } from './chat-model.service';
import { tokensOf } from './context/token-count';
import { ModelClients } from './model-clients';
import { RetryPolicy } from './retry-policy';

/** How the stub answers each call: a few tokens, a finish reason and the usage, as a service's stream does. */
const STUB_TOKENS = ['Warm', 'ing', ' up', '.'];
const ROUNDS = 5;
const STREAMS_PER_ROUND = 20;

export interface WarmupOutcome {
  streams: number;
  tokens: number;
  ms: number;
}

function event(choices: object[], extra: object = {}): string {
  return `data: ${JSON.stringify({ id: 'warmup', object: 'chat.completion.chunk', created: 0, model: 'warmup', choices, ...extra })}\n\n`;
}

function answerStreamed(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const content of STUB_TOKENS) res.write(event([{ index: 0, delta: { content }, finish_reason: null }]));
    res.write(event([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    const usage = { prompt_tokens: 5, completion_tokens: STUB_TOKENS.length, total_tokens: 5 + STUB_TOKENS.length };
    res.write(event([], { usage }));
    res.end('data: [DONE]\n\n');
  });
}

/**
 * A fresh server meets its first crowd with cold code: in the boot bench, a streamed model call took its first
 * 200-chat burst 3 to 4 times as long as the next one's. Right after listening, the server runs that exact path
 * (ChatModel.stream: the SDK's request building, our transport, the event-stream parsing, the chunk handling)
 * against a stub on loopback, so it is compiled before users arrive. It reaches no model service and sends no key.
 */
@Injectable()
export class ModelWarmup {
  private readonly logger = new Logger('Model');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async run(): Promise<WarmupOutcome> {
    const started = performance.now();
    const stub = createServer(answerStreamed);
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
      const config: AppConfig = { ...this.config, openai: { ...this.config.openai, apiKey: 'warmup', baseUrl } };
      const model = new ChatModel(new ModelClients(config), new RetryPolicy(), config);
      const request = {
        model: 'warmup',
        temperature: 0,
        maxTokens: 16,
        messages: [{ role: 'user' as const, content: 'Hello' }],
      };
      let streams = 0;
      let tokens = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(
          Array.from({ length: STREAMS_PER_ROUND }, async () => {
            await model.stream(request, { onToken: (text) => (tokens += tokensOf(text)) });
            streams++;
          }),
        );
      }
      return { streams, tokens, ms: performance.now() - started };
    } finally {
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  }

  /** Runs in the background after boot; a failure only costs the warmth. */
  start(): void {
    this.run().then(
      ({ streams, ms }) => this.logger.debug(`Streamed ${streams} warm-up replies on loopback in ${ms.toFixed(0)} ms`),
      (error: Error) => this.logger.warn(`The warm-up of model streaming failed: ${error.message}`),
    );
  }
}
