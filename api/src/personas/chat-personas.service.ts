import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { PersonaChanges } from '@mb/contracts/types/wire/persona-changes';
import type { PersonaHistoryEntry } from '@mb/contracts/types/wire/persona-history-entry';
import type { PersonaView } from '@mb/contracts/types/wire/persona-view';
import { AgentRegistry, personaPrompt } from '../agents';
import { AppError } from '../common/app-error';
import { ChatMessages } from '../messages';
import { type ChatMessageEntity, type ChatSessionEntity, ChatSessions } from '../sessions';
import { personaOf } from './persona-in-force';
import { comparePersonas } from './persona-changes';
import { PersonaHistoryStore, type PersonaHistoryRow } from './persona-history.store';

const DEFAULT_RECONFIGURED_GREETING = 'Configuration updated. How can I help you now?';

/** How a persona came to be in force, for its history line. */
export type PersonaSwitch = 'applied' | 'restored' | 'reset';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const historyLine: Record<PersonaSwitch, (summary: string) => string> = {
  applied: capitalized,
  restored: (summary) => `Restored an earlier persona (${summary})`,
  reset: (summary) => `Reset to agent default (${summary})`,
};

export const toHistoryEntryDto = (row: PersonaHistoryRow): PersonaHistoryEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  description: row.description,
  isDefault: row.persona === null,
});

export interface SwitchedPersona {
  session: ChatSessionEntity;
  entry: PersonaHistoryRow;
}

export interface AppliedPersona extends SwitchedPersona {
  /** The agent's confirmation, appended to the conversation. */
  message: ChatMessageEntity;
}

/**
 * The persona in force in a chat: what it is, what it was, and changing it (from the composer, the
 * persona panel, a restore or a reset). Every change is recorded in the chat's persona history.
 */
@Injectable()
export class ChatPersonas {
  constructor(
    private readonly agents: AgentRegistry,
    private readonly sessions: ChatSessions,
    private readonly messages: ChatMessages,
    private readonly history: PersonaHistoryStore,
  ) {}

  async view(sessionId: string): Promise<PersonaView> {
    const { agent, session } = await this.chatOf(sessionId);
    const history = await this.history.list(session.id);
    return {
      inForce: personaOf(agent, session),
      agentDefault: agent.persona,
      isDefault: session.persona === null,
      history: history.map(toHistoryEntryDto),
    };
  }

  async changes(sessionId: string): Promise<PersonaChanges> {
    const { agent, session } = await this.chatOf(sessionId);
    return { isDefault: session.persona === null, ...comparePersonas(agent.persona, personaOf(agent, session)) };
  }

  /** The effect of pasting the configuration into the composer, without the pasted message. */
  async apply(sessionId: string, persona: AgentConfig): Promise<AppliedPersona> {
    return this.applyAndConfirm(sessionId, () => persona, 'applied');
  }

  async restore(sessionId: string, historyId: string): Promise<AppliedPersona> {
    return this.applyAndConfirm(
      sessionId,
      async () => {
        const entry = await this.history.find(sessionId, historyId);
        if (!entry) throw AppError.notFound('Persona history entry');
        return entry.persona;
      },
      'restored',
    );
  }

  async reset(sessionId: string): Promise<AppliedPersona> {
    return this.applyAndConfirm(sessionId, () => null, 'reset');
  }

  /** Puts `persona` (null: the agent file's) in force in the chat and records it. */
  async switchPersona(
    agent: AgentDefinition,
    session: ChatSessionEntity,
    persona: AgentConfig | null,
    how: PersonaSwitch,
  ): Promise<SwitchedPersona> {
    const next = persona ?? agent.persona;
    const { summary } = comparePersonas(personaOf(agent, session), next);
    const switched = await this.history.apply(session.id, {
      persona,
      systemPrompt: personaPrompt(next),
      description: historyLine[how](summary),
    });
    if (!switched) throw AppError.notFound('Chat session');
    return switched;
  }

  /** The agent's word that its persona changed, saved as its reply. */
  confirm(agent: AgentDefinition, sessionId: string): Promise<ChatMessageEntity> {
    const greeting = agent.conversation.reconfiguredGreeting ?? DEFAULT_RECONFIGURED_GREETING;
    return this.messages.appendMessage(sessionId, { role: 'assistant', content: greeting });
  }

  private async applyAndConfirm(
    sessionId: string,
    personaToApply: () => AgentConfig | null | Promise<AgentConfig | null>,
    how: PersonaSwitch,
  ): Promise<AppliedPersona> {
    const { agent, session } = await this.chatOf(sessionId);
    if (!agent.conversation.reconfigurable) {
      throw AppError.validation([
        `the agent "${agent.id}" is not reconfigurable: its chats always use the persona of its file`,
      ]);
    }
    const switched = await this.switchPersona(agent, session, await personaToApply(), how);
    return { ...switched, message: await this.confirm(agent, session.id) };
  }

  private async chatOf(sessionId: string): Promise<{ agent: AgentDefinition; session: ChatSessionEntity }> {
    const session = await this.sessions.getSession(sessionId);
    const agent = this.agents.get(session.agentType);
    if (!agent) throw AppError.notFound(`The agent "${session.agentType}" of this chat`);
    return { agent, session };
  }
}
