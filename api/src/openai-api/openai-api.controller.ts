import { Body, Controller, Get, HttpCode, Logger, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { OpenAiChatCompletionRequest } from '@mb/contracts/types/wire/openai-chat-completion-request';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { OpenAiModel } from '@mb/contracts/types/wire/openai-model';
import type { OpenAiModelList } from '@mb/contracts/types/wire/openai-model-list';
import { CurrentViewer, Public, type Viewer } from '../access';
import type { ApiKeyRecord } from '../api-keys';
import { AppError } from '../common/app-error';
import { OPENAI_API_ROOT } from '../common/api-prefix';
import { Clock } from '../common/clock';
import { JsonBodyLimit } from '../common/json-body.guard';
import { Answers } from '../common/route-docs';
import { ApiCompletions, type ApiReply } from './api-completions.service';
import { KeyRoute, PresentedKey } from './api-key.guard';
import { CompletionBodyPipe, readCompletionRequest } from './completion-request';
import { CompletionStream } from './completion-stream';
import { completionOf, type CompletionHead } from './completion-wire';
import { toOpenAiError } from './openai-error';

/**
 * The agents as an OpenAI-compatible API: any OpenAI client, its base URL this site's /v1, a key made under API keys,
 * and an agent's id as the model. Public for the access guard (the cookie never opens it); the key guard opens it.
 */
@Controller(OPENAI_API_ROOT)
@Public()
@KeyRoute()
export class OpenAiApiController {
  private readonly logger = new Logger('OpenAiApi');

  constructor(
    private readonly completions: ApiCompletions,
    private readonly clock: Clock,
  ) {}

  @Get('models')
  @Answers({ summary: 'The agents this key may use, as OpenAI lists models', json: 'wire/openai-model-list' })
  models(@PresentedKey() key: ApiKeyRecord, @CurrentViewer() viewer: Viewer): OpenAiModelList {
    return { object: 'list', data: this.completions.models(key, viewer).map((agent) => this.modelOf(agent)) };
  }

  @Get('models/:model')
  @Answers({ summary: 'One agent the key may use, as OpenAI describes a model', json: 'wire/openai-model' })
  model(
    @PresentedKey() key: ApiKeyRecord,
    @CurrentViewer() viewer: Viewer,
    @Param('model') model: string,
  ): OpenAiModel {
    return this.modelOf(this.completions.agentFor(key, viewer, model));
  }

  private modelOf(agent: AgentDefinition): OpenAiModel {
    return {
      id: agent.id,
      object: 'model',
      created: Math.floor(this.clock.now().getTime() / 1000),
      owned_by: 'agents',
    };
  }

  @Post('chat/completions')
  @HttpCode(200)
  @JsonBodyLimit('8mb')
  @Answers({
    summary: 'The agent answers the conversation, as OpenAI chat completions do (streamed or whole)',
    description:
      "The agent's persona (a system message follows it), routing, model settings, tools (run on the server, bounded " +
      'as in chats; a confirm tool runs only when the key allows it, else the model is told it was denied), knowledge ' +
      "and memory. Kept as a chat marked with the key's name unless store is false: a call whose earlier messages are " +
      "what one of the key's chats with the agent holds goes on that chat, otherwise a new chat holds them.",
    json: 'wire/openai-chat-completion',
    events: 'wire/openai-chat-completion-chunk',
  })
  async create(
    @PresentedKey() key: ApiKeyRecord,
    @CurrentViewer() viewer: Viewer,
    @Body(new CompletionBodyPipe()) body: OpenAiChatCompletionRequest,
    @Res() res: Response,
  ): Promise<void> {
    const ask = readCompletionRequest(body);
    const reply = await this.completions.start(key, viewer, ask);
    const head: CompletionHead = {
      id: `chatcmpl-${reply.turn.replyId}`,
      created: Math.floor(this.clock.now().getTime() / 1000),
      model: ask.model,
    };
    // A reply nothing is kept of is of use to no one once its caller has gone.
    if (!reply.kept) res.on('close', () => res.writableFinished || reply.turn.stop());
    if (ask.stream) this.stream(reply, head, ask.includeUsage, res);
    else this.whole(reply, head, res);
  }

  /** The whole reply as one completion; a failure is an error answer with its status. */
  private whole(reply: ApiReply, head: CompletionHead, res: Response): void {
    reply.turn.subscribe((event) => {
      if (event.type === 'done')
        void reply
          .settle(event.message)
          .then(() => res.status(200).json(completionOf(head, event.message)))
          .catch((error: unknown) => this.fail(res, error));
      else if (event.type === 'error') this.fail(res, new AppError(event.code, event.message));
      else if (event.type === 'stopped') this.fail(res, new AppError('INTERNAL', 'The reply was stopped.'));
    });
  }

  /**
   * Chunks as they come. The stream opens with the first text (or tool call): a failure before it is an error answer
   * with its status, as OpenAI gives; after it, an error event.
   */
  private stream(reply: ApiReply, head: CompletionHead, includeUsage: boolean, res: Response): void {
    let stream: CompletionStream | undefined;
    const open = () => (stream ??= new CompletionStream(res, head, includeUsage));
    reply.turn.subscribe((event) => {
      switch (event.type) {
        case 'token':
          return open().text(event.text);
        case 'tool-call':
          return void open();
        case 'done':
          return void reply
            .settle(event.message)
            .then(() => open().done(event.message))
            .catch((error: unknown) => this.fail(res, error, stream));
        case 'error':
          return this.fail(res, new AppError(event.code, event.message), stream);
        case 'stopped':
          return this.fail(res, new AppError('INTERNAL', 'The reply was stopped.'), stream);
      }
    });
  }

  private fail(res: Response, error: unknown, stream?: CompletionStream): void {
    const failure = toOpenAiError(error, this.logger);
    if (stream) return stream.failed(failure.toBody());
    if (res.headersSent || res.destroyed) return;
    for (const [name, value] of Object.entries(failure.headers)) res.setHeader(name, value);
    res.status(failure.status).json(failure.toBody());
  }
}
