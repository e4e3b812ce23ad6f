import { Injectable } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatExport, ChatExportMessage } from '@mb/contracts/types/wire/chat-export';
import { ownerOf, type Viewer } from '../access';
import { agentRefused, AgentRegistry, AttachmentPolicy, mayUse } from '../agents';
import { AttachmentStore, AttachmentTransfer, type PreparedFile } from '../attachments';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { MessageStore } from '../messages';
import { type ChatSessionEntity, SessionStore } from '../sessions';
import { toChatExport, toMarkdown, type ExportFormat } from './chat-export-format';
import { importedSources } from './imported-sources';

export interface ExportedChat {
  session: ChatSessionEntity;
  body: string | ChatExport;
}

export interface ImportedChat {
  session: ChatSessionEntity;
  /** What of the document was not imported, a sentence each. */
  leftOut: string[];
}

/** Export of a chat (Markdown to read, JSON to keep) and import of the JSON as a new chat. */
@Injectable()
export class ChatTransfer {
  constructor(
    private readonly sessions: SessionStore,
    private readonly messages: MessageStore,
    private readonly agents: AgentRegistry,
    private readonly policy: AttachmentPolicy,
    private readonly attachments: AttachmentStore,
    private readonly files: AttachmentTransfer,
    private readonly clock: Clock,
  ) {}

  async export(sessionId: string, format: ExportFormat): Promise<ExportedChat> {
    const session = await this.sessions.findSession(sessionId);
    if (!session) throw AppError.notFound('Chat session');
    const messages = await this.messages.allMessages(sessionId);
    const asked = messages.filter((m) => m.role === 'user').map((m) => String(m.id));
    return {
      session,
      body:
        format === 'json'
          ? toChatExport(session, messages, await this.files.filesOf(asked), this.clock.now())
          : toMarkdown(session, messages, await this.attachments.ofMessages(asked), this.clock.now()),
    };
  }

  /**
   * The document has passed its schema; what a schema cannot say is checked here. Its files are untrusted input
   * (anyone can edit an export): each is processed again as an upload to the chat's agent is, and the first one
   * refused refuses the import, naming its message and file, before anything is stored. A source whose link is not
   * a web address is left out, and named in the answer. The chat is the importer's (ownerOf `viewer`), private.
   */
  async import(document: ChatExport, viewer: Viewer): Promise<ImportedChat> {
    const problems: string[] = [];
    const { session, messages } = document;
    const agent = this.agents.get(session.agentType);
    if (!agent) {
      problems.push(`session.agentType "${session.agentType}" is not a known agent on this server`);
    }
    if (!session.title.trim()) problems.push('session.title must not be blank');
    const seen = new Set<number>();
    messages.forEach((m, i) => {
      if (seen.has(m.order)) problems.push(`messages.${i}.order ${m.order} appears more than once`);
      seen.add(m.order);
      if (m.attachments?.length && m.role !== 'user')
        problems.push(`messages.${i}.attachments: only a user message carries files`);
    });
    if (problems.length || !agent) throw AppError.validation(problems);
    if (!mayUse(viewer, agent)) throw agentRefused(agent);
    const sources = importedSources(messages);
    const files = await this.importedFiles(agent, messages);
    const imported = await this.sessions.importChat({
      session: {
        agentType: session.agentType,
        title: session.title.trim(),
        systemPrompt: session.systemPrompt,
        summary: session.summary,
        summaryThrough: session.summaryThrough,
        persona: session.persona,
        owner: ownerOf(viewer),
      },
      messages: messages.map((m, i) => ({
        role: m.role,
        content: m.content,
        order: m.order,
        incomplete: m.incomplete,
        sources: sources.kept[i],
        toolCalls: m.role === 'assistant' && m.toolCalls?.length ? m.toolCalls : null,
        createdAt: new Date(m.createdAt),
        usage: m.usage ?? null,
        provenance: m.provenance ?? null,
      })),
      alongside: (tx, sessionId, messageIds) =>
        this.files.storeImported(
          tx,
          sessionId,
          messageIds.map((messageId, i) => ({ messageId, files: files[i] })),
        ),
    });
    return { session: imported, leftOut: sources.leftOut };
  }

  /** Every message's files, processed one after another (as uploads share the processing, so does an import). */
  private async importedFiles(agent: AgentDefinition, messages: ChatExportMessage[]): Promise<PreparedFile[][]> {
    const { maxFiles } = this.policy.of(agent);
    const prepared: PreparedFile[][] = [];
    for (const [i, message] of messages.entries()) {
      const attached = message.attachments ?? [];
      if (maxFiles && attached.length > maxFiles)
        throw new AppError(
          'TOO_MANY_FILES',
          `messages.${i}: this assistant takes at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} per message; ` +
            `this one has ${attached.length}.`,
        );
      const files: PreparedFile[] = [];
      for (const [j, file] of attached.entries()) {
        try {
          files.push(
            await this.files.prepare(agent, {
              name: file.name,
              bytes: Buffer.from(file.data, 'base64'),
              readParts: file.readParts,
              readSummary: file.read,
            }),
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          throw new AppError(
            error.code,
            `messages.${i}.attachments.${j} (${JSON.stringify(file.name)}): ${error.message}`,
          );
        }
      }
      prepared.push(files);
    }
    return prepared;
  }
}
