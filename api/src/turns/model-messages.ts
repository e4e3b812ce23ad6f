import type { AttachmentView } from '../attachments';
import type { ModelMessage } from '../llm';
import type { ChatMessageEntity } from '../sessions';

/**
 * Stored messages as the model sees them: system notes stay out, the conversation is user and assistant turns,
 * a user message with the photos and documents it was sent with.
 */
export const toModelMessages = (
  messages: ChatMessageEntity[],
  attachments: Map<string, AttachmentView> = new Map(),
): ModelMessage[] =>
  messages
    .filter((m) => m.role !== 'system')
    .map((m) => {
      const view = attachments.get(String(m.id));
      return {
        role: m.role,
        content: m.content,
        ...(view?.images.length && { images: view.images }),
        ...(view?.documents.length && { documents: view.documents }),
      };
    });
