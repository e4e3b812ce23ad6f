import { Injectable, Logger } from '@nestjs/common';
import { AttachmentReader } from '../attachments';
import { AppError } from '../common/app-error';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { CreateChatMessageRequest } from '@mb/contracts/types/wire/create-chat-message-request';
import { type ChatMessageEntity, ChatSessions } from '../sessions';
import { coerceContent, coerceRole } from './message-coercion';
import { toMessageDto } from './message-dto';
import { messageRefusals } from './message-refusals';
import { MessageStore } from './message.store';
import { VersionStore } from './version.store';
import { type ExchangeVersions, versionRefusals } from './versions';

@Injectable()
export class ChatMessages {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly store: MessageStore,
    private readonly versions: VersionStore,
    private readonly sessions: ChatSessions,
    private readonly attachments: AttachmentReader,
  ) {}

  /** Fills in the files of user messages, for a client. */
  async withAttachments<M extends ChatMessageEntity>(messages: M[]): Promise<M[]> {
    const described = await this.attachments.describe(messages.filter((m) => m.role === 'user').map((m) => m.id));
    for (const message of messages) message.attachments = described.get(String(message.id));
    return messages;
  }

  async appendMessage(sessionId: string, input: CreateChatMessageRequest): Promise<ChatMessageEntity> {
    const result = await this.store.appendMessage(sessionId, {
      role: coerceRole(input.role, this.logger),
      content: coerceContent(input.content),
      order: input.order,
    });
    if (result.ok) return result.message;
    if (result.reason === 'order-taken')
      throw new AppError('CONFLICT', `order ${input.order} is already taken in this session`);
    throw messageRefusals[result.reason]();
  }

  /** A page of messages; the latest page also says how many versions the last exchange has. */
  async listMessages(
    sessionId: string,
    options: { limit: number; beforeOrder?: number },
  ): Promise<{ items: ChatMessageEntity[]; more: boolean; versions: ExchangeVersions | null }> {
    await this.sessions.getSession(sessionId);
    const [page, versions] = await Promise.all([
      this.store.listMessages(sessionId, options),
      options.beforeOrder === undefined ? this.versions.lastExchangeVersions(sessionId) : null,
    ]);
    return { items: await this.withAttachments(page.items), more: page.more, versions };
  }

  /** Chooses the version of the last exchange that is shown and seen by the model; answers its messages. */
  async chooseVersion(sessionId: string, version: number): Promise<{ messages: ChatMessage[]; summaryReset: boolean }> {
    const result = await this.versions.chooseVersion(sessionId, version);
    if (!result.ok) throw versionRefusals[result.reason]();
    return {
      messages: (await this.withAttachments(result.messages)).map((m) => toMessageDto(m, result.versions.count)),
      summaryReset: result.summaryReset,
    };
  }
}
