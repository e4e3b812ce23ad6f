import { Injectable } from '@nestjs/common';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import { MessageStore } from '../messages';
import { type ChatSessionEntity, SessionStore } from '../sessions';
import { toChatExport, toMarkdown, type ExportFormat } from './chat-export-format';

export interface ExportedChat {
  session: ChatSessionEntity;
  body: string | ChatExport;
}

/** Export of a chat (Markdown to read, JSON to keep) and import of the JSON as a new chat. */
@Injectable()
export class ChatTransfer {
  constructor(
    private readonly sessions: SessionStore,
    private readonly messages: MessageStore,
    private readonly agents: AgentRegistry,
  ) {}

  async export(sessionId: string, format: ExportFormat): Promise<ExportedChat> {
    const session = await this.sessions.findSession(sessionId);
    if (!session) throw AppError.notFound('Chat session');
    const messages = await this.messages.allMessages(sessionId);
    return { session, body: format === 'json' ? toChatExport(session, messages) : toMarkdown(session, messages) };
  }

  /** The document has passed its schema; what a schema cannot say is checked here. */
  import(document: ChatExport): Promise<ChatSessionEntity> {
    const problems: string[] = [];
    const { session, messages } = document;
    if (!this.agents.get(session.agentType)) {
      problems.push(`session.agentType "${session.agentType}" is not a known agent on this server`);
    }
    if (!session.title.trim()) problems.push('session.title must not be blank');
    const seen = new Set<number>();
    messages.forEach((m, i) => {
      if (seen.has(m.order)) problems.push(`messages.${i}.order ${m.order} appears more than once`);
      seen.add(m.order);
    });
    if (problems.length) throw AppError.validation(problems);
    return this.sessions.importChat({
      session: {
        agentType: session.agentType,
        title: session.title.trim(),
        systemPrompt: session.systemPrompt,
        summary: session.summary,
        summaryThrough: session.summaryThrough,
        persona: session.persona,
      },
      messages: messages.map((m) => ({
        role: m.role,
        content: m.content,
        order: m.order,
        incomplete: m.incomplete,
        sources: m.sources,
        createdAt: new Date(m.createdAt),
        usage: m.usage ?? null,
        provenance: m.provenance ?? null,
      })),
    });
  }
}
