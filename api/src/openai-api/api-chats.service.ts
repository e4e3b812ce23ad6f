import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { ownerOf, type Viewer } from '../access';
import { personaPrompt } from '../agents';
import type { ApiKeyRecord } from '../api-keys';
import { Clock } from '../common/clock';
import { sessionTitle } from '../sessions';
import type { ExternalMessage } from '../turns';
import { ApiChatStore } from './api-chat.store';

/** A conversation as compared: its agent and its messages' roles and text (ends of lines and spaces aside). */
const digestOf = (agentType: string, messages: ExternalMessage[]) =>
  createHash('sha256')
    .update(JSON.stringify([agentType, ...messages.map((m) => [m.role, m.content.trim()])]))
    .digest();

/**
 * Which chat an API call goes on. OpenAI clients send the whole conversation every time: a call whose earlier messages
 * are exactly what one of the key's chats with the agent holds goes on that chat; otherwise a new chat is made holding
 * them (a client's first call, or one whose history was edited, or whose chat was changed in the web app meanwhile).
 */
@Injectable()
export class ApiChats {
  constructor(
    private readonly store: ApiChatStore,
    private readonly clock: Clock,
  ) {}

  /** The chat that holds `earlier` before `content`, or a new one made to (`fresh`: always new); `made` says which. */
  async chatFor(
    key: ApiKeyRecord,
    viewer: Viewer,
    agent: AgentDefinition,
    { earlier, content }: { earlier: ExternalMessage[]; content: string },
    fresh = false,
  ): Promise<{ sessionId: string; made: boolean }> {
    const digest = digestOf(agent.id, earlier);
    // A first call (nothing earlier) continues no chat: it would only meet other first calls' new chats.
    if (!fresh && earlier.length) {
      for (const sessionId of await this.store.candidates(key.id, agent.id, digest)) {
        // The digest finds; the stored messages decide (the chat may have changed in the web app since).
        if (digestOf(agent.id, await this.store.conversation(sessionId)).equals(digest))
          return { sessionId, made: false };
      }
    }
    const first = earlier.find((m) => m.role === 'user')?.content ?? content;
    const sessionId = await this.store.create({
      keyId: key.id,
      keyName: key.name,
      owner: ownerOf(viewer),
      agentType: agent.id,
      title: sessionTitle(first, agent.conversation.session.titleMaxLength),
      systemPrompt: personaPrompt(agent.persona),
      earlier,
      digest,
      now: this.clock.now(),
    });
    return { sessionId, made: true };
  }

  /** The reply is kept: the chat now holds the conversation the client's next call will send. */
  advance(sessionId: string, agent: AgentDefinition, conversation: ExternalMessage[]): Promise<void> {
    return this.store.advance(sessionId, digestOf(agent.id, conversation));
  }

  remove(sessionId: string): Promise<void> {
    return this.store.remove(sessionId);
  }
}
