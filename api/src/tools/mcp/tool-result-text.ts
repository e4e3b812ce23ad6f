import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

type PartType = ContentBlock['type'];

/** How each kind of content part reads as text; binary data is described, never passed on as base64. */
const partText: { [T in PartType]: (part: Extract<ContentBlock, { type: T }>) => string } = {
  text: (part) => part.text,
  image: (part) => binaryNote(part.mimeType || 'image', part.data),
  audio: (part) => binaryNote(part.mimeType || 'audio', part.data),
  resource: (part) => ('text' in part.resource ? part.resource.text : `[resource ${part.resource.uri}]`),
  resource_link: (part) => `${part.name} (${part.uri})`,
};

/** What a tool's result reads as: every part as text, or its structured content as JSON when it gave no text. */
export function toolResultText(result: {
  content?: unknown;
  structuredContent?: unknown;
  toolResult?: unknown;
}): string {
  const parts = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const texts = parts.map(textOf);
  if (!parts.some((part) => part.type === 'text') && result.structuredContent !== undefined) {
    texts.unshift(JSON.stringify(result.structuredContent));
  }
  // Servers of the first protocol version answered { toolResult } instead of content.
  if (!parts.length && result.toolResult !== undefined) {
    texts.push(typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult));
  }
  return texts.filter((text) => text !== '').join('\n\n');
}

function textOf(part: ContentBlock): string {
  const render = partText[part.type] as ((part: ContentBlock) => string) | undefined;
  return render ? render(part) : `[${String((part as { type: unknown }).type)} content, not shown]`;
}

function binaryNote(mimeType: string, base64: string): string {
  return `[${mimeType}, ${byteSize(decodedLength(base64))}, not shown]`;
}

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
