/** A conversation's messages as a model call is built from them, and as the SDK takes them. */

export type ModelRole = 'system' | 'user' | 'assistant';

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

export interface ModelMessage {
  role: ModelRole;
  content: string;
  images?: ModelImage[];
  documents?: ModelDocument[];
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

/** A message in the SDK's shape: plain text, or text and images as parts. */
export function toSdkMessage(message: ModelMessage) {
  const text = messageText(message);
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
