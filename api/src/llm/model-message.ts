/** A conversation's messages as a model call is built from them, and as the SDK takes them. */

import type { AttachmentKind } from '@mb/contracts/types/agent';

export type ModelRole = 'system' | 'user' | 'assistant' | 'tool';

/** What the model is told of every file it reads. */
interface AttachedFile {
  id: string;
  name: string;
  /** What the user attached it as. */
  kind: AttachmentKind;
  /** What of it the model reads, in words ("the whole image", "pages 3-9 and 41 of 80"). */
  read: string;
}

/** A file the model sees as a picture: a data URL (a private server's URL is out of its reach). */
export interface ModelImage extends AttachedFile {
  type: 'image';
  dataUrl: string;
  /** What it costs in the context window (the provider's tile formula). */
  tokens: number;
}

/** A file the model reads as text under its name: all of it, or the parts chosen for the question. */
export interface ModelText extends AttachedFile {
  type: 'text';
  text: string;
}

/** A file sent with a user message, in the form the model reads it; each attachment kind makes its own. */
export type ModelAttachment = ModelImage | ModelText;

/** A function the model asked to call, as it asked: `arguments` is its JSON text. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A function offered to the model: a name valid for the API, what it does, its JSON Schema. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelMessage {
  role: ModelRole;
  content: string;
  /** A user message's files: those read as text go into its text, pictures beside it. */
  attachments?: ModelAttachment[];
  /** An assistant message that called tools (its content, if any, said before the calls). */
  toolCalls?: ModelToolCall[];
  /** A tool message: the call it answers. */
  toolCallId?: string;
}

export const imagesOf = (message: ModelMessage): ModelImage[] =>
  (message.attachments ?? []).filter((attachment): attachment is ModelImage => attachment.type === 'image');

const textsOf = (message: ModelMessage): ModelText[] =>
  (message.attachments ?? []).filter((attachment): attachment is ModelText => attachment.type === 'text');

/** The text the model reads for a message: its own, then each file read as text, tagged with its kind and name. */
export function messageText(message: ModelMessage): string {
  const texts = textsOf(message);
  if (!texts.length) return message.content;
  const files = texts.map(
    ({ kind, name, read, text }) => `<${kind} name="${name.replace(/"/g, "'")}" read="${read}">\n${text}\n</${kind}>`,
  );
  return [message.content, ...files].filter(Boolean).join('\n\n');
}

/** What a message's tool calls and tool answer cost beyond their text. */
export function toolCallText(message: ModelMessage): string {
  return (message.toolCalls ?? []).map((call) => `${call.name}(${call.arguments})`).join('\n');
}

/** A message in the SDK's shape: plain text, text and images as parts, an assistant's tool calls, or a tool's answer. */
export function toSdkMessage(message: ModelMessage) {
  const text = messageText(message);
  if (message.role === 'tool') return { role: 'tool' as const, tool_call_id: message.toolCallId ?? '', content: text };
  if (message.role === 'assistant' && message.toolCalls?.length)
    return {
      role: 'assistant' as const,
      content: text || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  const images = imagesOf(message);
  if (message.role !== 'user' || !images.length) return { role: message.role, content: text };
  return {
    role: 'user' as const,
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...images.map((image) => ({
        type: 'image_url' as const,
        image_url: { url: image.dataUrl, detail: 'high' as const },
      })),
    ],
  };
}
