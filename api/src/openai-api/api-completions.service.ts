import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { Viewer } from '../access';
import { AgentRegistry, mayUse } from '../agents';
import { type ApiKeyRecord, ApiKeys } from '../api-keys';
import { AppError } from '../common/app-error';
import { type ActiveTurn, ChatTurns, type KeptTurnRequest } from '../turns';
import { ApiChats } from './api-chats.service';
import type { CompletionAsk } from './completion-request';
import { OpenAiError } from './openai-error';

/** A reply the API started: the turn to follow, and what must be settled once it is done, before the caller hears so. */
export interface ApiReply {
  turn: ActiveTurn;
  /** Whether it is kept (a chat holds it): a caller that leaves does not stop it then. */
  kept: boolean;
  settle(done: ChatMessage): Promise<void>;
}

const modelNotFound = (model: string) =>
  new OpenAiError(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'invalid_request_error',
    'model_not_found',
    'model',
  );

/** Chat completions answered by agents, through the same turns as the chat page's (ChatTurns). */
@Injectable()
export class ApiCompletions {
  constructor(
    private readonly agents: AgentRegistry,
    private readonly turns: ChatTurns,
    private readonly chats: ApiChats,
    private readonly keys: ApiKeys,
  ) {}

  /** The agents the key may use: those it names (or every one), that its owner may use. */
  models(key: ApiKeyRecord, viewer: Viewer): AgentDefinition[] {
    const named = key.agents && new Set(key.agents);
    return this.agents.list().filter((agent) => (!named || named.has(agent.id)) && mayUse(viewer, agent));
  }

  /** The agent named as the model, if the key may use it: else OpenAI's 404 model_not_found. */
  agentFor(key: ApiKeyRecord, viewer: Viewer, model: string): AgentDefinition {
    const agent = this.models(key, viewer).find((candidate) => candidate.id === model);
    if (!agent) throw modelNotFound(model);
    return agent;
  }

  async start(key: ApiKeyRecord, viewer: Viewer, ask: CompletionAsk): Promise<ApiReply> {
    const agent = this.agentFor(key, viewer, ask.model);
    const external = {
      agent,
      content: ask.content,
      tuning: {
        instructions: ask.instructions,
        temperature: ask.temperature,
        maxTokens: ask.maxTokens,
        responseFormat: ask.responseFormat,
      },
      unattended: { runsConfirmTools: key.allowConfirmTools },
    };
    const count = (done: ChatMessage) =>
      this.keys.recordTokens(key, (done.usage?.promptTokens ?? 0) + (done.usage?.completionTokens ?? 0));
    if (!ask.store) {
      const turn = this.turns.startUnkept({ ...external, earlier: ask.earlier });
      return { turn, kept: false, settle: count };
    }
    const { turn, sessionId } = await this.startKept(key, viewer, ask, external);
    const said = [...ask.earlier, { role: 'user' as const, content: ask.content }];
    return {
      turn,
      kept: true,
      settle: async (done) => {
        await this.chats.advance(sessionId, agent, [...said, { role: 'assistant', content: done.content }]);
        await count(done);
      },
    };
  }

  /**
   * In the key's chat that holds the conversation so far, or a new one. A chat made for a call that is then refused
   * (the message too long for the model, no model key) is removed, so nothing of a refused call is kept.
   */
  private async startKept(
    key: ApiKeyRecord,
    viewer: Viewer,
    ask: CompletionAsk,
    external: Omit<KeptTurnRequest, 'sessionId'>,
  ): Promise<{ turn: ActiveTurn; sessionId: string }> {
    let chat = await this.chats.chatFor(key, viewer, external.agent, ask);
    for (;;) {
      try {
        return { turn: await this.turns.startKept({ ...external, sessionId: chat.sessionId }), ...chat };
      } catch (error) {
        // The same conversation is being answered in that chat (a call sent twice at once, which may have found the
        // chat this one made): that chat is the other call's now, and this one gets its own.
        if (error instanceof AppError && error.code === 'CONFLICT') {
          chat = await this.chats.chatFor(key, viewer, external.agent, ask, true);
          continue;
        }
        if (chat.made) await this.chats.remove(chat.sessionId);
        throw error;
      }
    }
  }
}
