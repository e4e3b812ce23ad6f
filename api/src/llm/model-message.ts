/** A conversation's messages as a model call is built from them, and as the SDK takes them. */

export type ModelRole = 'system' | 'user' | 'assistant' | 'tool';

/** A photo sent with a user message, as the model gets it: a data URL (a private server's URL is out of its reach). */
export interface ModelImage {
  id: string;
  name: string;
  dataUrl: string;
  /** What it costs in the context window (the provider's tile formula). */
  tokens: number;
}

/** A document sent with a user message, as the text the model reads (all of it, or the parts chosen for the question). */
export interface ModelDocument {
  id: string;
  name: string;
  text: string;
  /** What of it this text is, in words ("the whole document", "pages 3-9 and 41 of 80"). */
  read: string;
}

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
  images?: ModelImage[];
  documents?: ModelDocument[];
  /** An assistant message that called tools (its content, if any, said before the calls). */
  toolCalls?: ModelToolCall[];
  /** A tool message: the call it answers. */
  toolCallId?: string;
}

/** The text the model reads for a message: its own, then each attached document under its name. */
export function messageText(message: ModelMessage): string {
  if (!message.documents?.length) return message.content;
  const documents = message.documents.map(
    (document) =>
      `<document name="${document.name.replace(/"/g, "'")}" read="${document.read}">\n${document.text}\n</document>`,
  );
  return [message.content, ...documents].filter(Boolean).join('\n\n');
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
  if (message.role !== 'user' || !message.images?.length) return { role: message.role, content: text };
  return {
    role: 'user' as const,
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...message.images.map((image) => ({
        type: 'image_url' as const,
        image_url: { url: image.dataUrl, detail: 'high' as const },
      })),
    ],
  };
}
