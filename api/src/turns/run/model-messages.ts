import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { AttachmentView } from '../../attachments';
import type { ModelMessage } from '../../llm';
import type { ChatMessageEntity } from '../../sessions';
import { capOutput, HISTORY_OUTPUT_MAX_CHARS } from '../../tools';

/**
 * An earlier reply's tool calls, folded into its text for later turns: one message stays one message when the
 * context is fitted, and each answer is cut shorter than it was when fresh.
 */
function withToolCalls(content: string, calls: ToolCallRecord[] | null): string {
  if (!calls?.length) return content;
  const lines = calls.map((call) => {
    const outcome =
      call.status === 'done'
        ? capOutput(call.result ?? '', HISTORY_OUTPUT_MAX_CHARS)
        : call.status === 'error'
          ? `error: ${call.error ?? 'failed'}`
          : call.status;
    return `- ${call.tool}(${call.arguments}) → ${outcome}`;
  });
  return `[Tools called for this answer:\n${lines.join('\n')}]\n\n${content}`;
}

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
        content: m.role === 'assistant' ? withToolCalls(m.content, m.toolCalls) : m.content,
        ...(view?.length && { attachments: view }),
      };
    });
