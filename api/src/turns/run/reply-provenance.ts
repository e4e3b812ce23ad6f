import { createHash } from 'node:crypto';
import type { AttachmentRead } from '@mb/contracts/types/wire/chat-message';
import {
  attachmentTokens,
  type ModelMessage,
  promptTokens,
  type RoutedReply,
  type StreamedReply,
  tokensOf,
} from '../../llm';
import { personaOf } from '../../personas';
import type { ToolLoopResult } from '../../tools';
import type { ReplyEnding } from '../rows/reply.store';
import type { OpenedTurn } from './opened-turn';
import type { TurnAnswer } from './turn-answer';

/** A short, stable fingerprint of the persona in force (its JSON), to tell replies of different personas apart. */
const personaHash = (persona: unknown) =>
  createHash('sha256').update(JSON.stringify(persona)).digest('hex').slice(0, 12);

/** The attachments the model read for a reply (the files of the messages it saw), for its provenance. */
function attachmentsRead(messages: ModelMessage[]): { attachments?: AttachmentRead[] } {
  const read: AttachmentRead[] = messages.flatMap((message) =>
    (message.attachments ?? []).map((attachment) => ({
      id: attachment.id,
      name: attachment.name,
      kind: attachment.kind,
      read: attachment.read,
      tokens: attachmentTokens(attachment),
    })),
  );
  return read.length ? { attachments: read } : {};
}

/** The reply's tool calls, and why tools were not used or stopped early, for its provenance. */
function toolProvenance(use: Omit<ToolLoopResult, 'reply'>, unavailable: string[]) {
  const notUsed = [use.toolsUnavailable, ...unavailable].filter(Boolean).join(' ');
  return {
    ...(use.records.length && {
      toolCalls: use.records.map((call) => ({
        tool: call.tool,
        durationMs: call.durationMs ?? 0,
        ok: call.status === 'done',
      })),
    }),
    ...(notUsed && { toolsUnavailable: notUsed }),
    ...(use.stepsEnded && { toolStepsEnded: use.stepsEnded }),
  };
}

/**
 * A finished reply as it is saved: its text, the sources and tool calls it drew on, its token usage (of every model
 * call it made, as the stream reported it, else our count, marked estimated) and how it was written (model, strategy,
 * fallbacks, retries, what it read).
 */
export function finishedReply(
  content: string,
  routed: RoutedReply<StreamedReply>,
  answer: Pick<TurnAnswer, 'retries' | 'toolUse' | 'spent'>,
  opened: OpenedTurn,
  toolsUnavailable: string[],
): ReplyEnding {
  const { prepared, result, fallbacks, contextRetries } = routed;
  const { toolUse } = answer;
  return {
    content,
    sources: prepared.sources,
    incomplete: false,
    ...(toolUse.records.length && { toolCalls: toolUse.records }),
    usage: answer.spent ?? {
      promptTokens: promptTokens(prepared.request.messages),
      completionTokens: tokensOf(result.text),
      estimated: true,
    },
    provenance: {
      model: prepared.request.model,
      strategy: prepared.strategy,
      fallbacks,
      retries: answer.retries + contextRetries,
      ...(prepared.searchQuery !== undefined && { searchQuery: prepared.searchQuery }),
      contextMessages: prepared.contextMessages,
      omittedMessages: prepared.omittedMessages,
      personaHash: personaHash(personaOf(opened.agent, opened.session)),
      ...attachmentsRead(prepared.request.messages),
      ...prepared.grounding?.provenance,
      ...toolProvenance(toolUse, toolsUnavailable),
    },
  };
}
