import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { ChatMessages, toMessageDto } from '../../messages';
import { ChatPersonas } from '../../personas';
import { ownerOf, type Viewer } from '../../access';
import { ChatAccess, type ChatSessionEntity, SessionStore, toSessionDto } from '../../sessions';
import { sessionOf } from './turn-session';

/** A turn that needed no model call: a configuration pasted into a reconfigurable agent's chat, applied. */
export interface ReconfiguredTurn {
  kind: 'reconfigured';
  /** The whole stream, final event included. */
  events: ChatTurnEvent[];
}

@Injectable()
export class TurnReconfiguration {
  constructor(
    private readonly sessions: SessionStore,
    private readonly personas: ChatPersonas,
    private readonly messages: ChatMessages,
    private readonly access: ChatAccess,
  ) {}

  async reconfigure(
    agent: AgentDefinition,
    existing: ChatSessionEntity | null,
    content: string,
    persona: AgentConfig,
    viewer: Viewer,
  ): Promise<ReconfiguredTurn> {
    const created =
      existing ?? (await this.sessions.createSession({ ...sessionOf(agent, content), owner: ownerOf(viewer) }));
    // Recorded in the chat's persona history with the persona, in one transaction.
    const { session } = await this.personas.switchPersona(agent, created, persona, 'applied');
    const userMessage = await this.messages.appendMessage(session.id, { role: 'user', content });
    const confirmation = await this.personas.confirm(agent, session.id);
    const dto = toSessionDto(session, this.access.sharingOf(viewer, session));
    return {
      kind: 'reconfigured',
      events: [
        { type: 'session', session: dto, created: !existing },
        { type: 'user-message', message: toMessageDto(userMessage) },
        { type: 'reconfigured', session: dto },
        { type: 'done', message: toMessageDto(confirmation) },
      ],
    };
  }
}
