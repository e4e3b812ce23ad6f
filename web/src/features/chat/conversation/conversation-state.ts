import type { ChatMessage, MessageProvenance, MessageSource, MessageUsage } from '../../../lib/api/sessions';

/** One line of the visible conversation. Notices are ours (errors), never sent to the model. */
export type ChatItem =
  | { kind: 'user'; key: string; content: string }
  | {
      kind: 'assistant';
      key: string;
      content: string;
      sources: MessageSource[];
      /** Saved as a partial reply: the service failed or the user stopped it. */
      incomplete: boolean;
      /** Still arriving token by token. */
      streaming: boolean;
      /** Saved replies only, when the server recorded them. */
      usage?: MessageUsage;
      provenance?: MessageProvenance;
    }
  | {
      kind: 'notice';
      key: string;
      title?: string;
      text: string;
      details?: string[];
      /** Another key may fix it. */
      reconnect?: boolean;
      /** The message itself was refused: changing it fixes it. */
      refused?: boolean;
    };

export type ConversationState = {
  items: ChatItem[];
  /** A reply is awaited (from sending until done, stopped or failed). */
  busy: boolean;
};

export type ConversationAction =
  | { type: 'reset'; greeting: string }
  | { type: 'loaded'; messages: ChatMessage[]; greeting: string }
  | { type: 'sent'; key: string; content: string }
  | { type: 'user-saved'; key: string; message: ChatMessage }
  | { type: 'withdrawn'; key: string }
  | { type: 'reply-started'; text?: string; sources?: MessageSource[] }
  | { type: 'token'; text: string }
  | { type: 'sources'; sources: MessageSource[] }
  | { type: 'reply-ended'; message: ChatMessage | null }
  | { type: 'append'; item: ChatItem }
  | { type: 'idle' };

export const streamingKey = 'streaming-reply';
export const greetingKey = 'greeting';

const greetingItem = (greeting: string): ChatItem => ({
  kind: 'assistant',
  key: greetingKey,
  content: greeting,
  sources: [],
  incomplete: false,
  streaming: false,
});

export function fromMessage(message: ChatMessage): ChatItem | null {
  if (message.role === 'user') return { kind: 'user', key: message.id, content: message.content };
  if (message.role === 'assistant') {
    return {
      kind: 'assistant',
      key: message.id,
      content: message.content,
      sources: message.sources,
      incomplete: message.incomplete,
      streaming: false,
      ...(message.usage ? { usage: message.usage } : {}),
      ...(message.provenance ? { provenance: message.provenance } : {}),
    };
  }
  return null;
}

export const initialConversation = (greeting: string): ConversationState => ({
  items: [greetingItem(greeting)],
  busy: false,
});

const withoutStreaming = (items: ChatItem[]) => items.filter((item) => item.key !== streamingKey);

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'reset':
      return initialConversation(action.greeting);
    case 'loaded': {
      const items = [...action.messages]
        .sort((a, b) => a.order - b.order)
        .map(fromMessage)
        .filter((item): item is ChatItem => item !== null);
      return { items: [greetingItem(action.greeting), ...items], busy: false };
    }
    case 'sent':
      return { items: [...state.items, { kind: 'user', key: action.key, content: action.content }], busy: true };
    case 'user-saved':
      return {
        ...state,
        items: state.items.map((item) =>
          item.key === action.key ? { kind: 'user', key: action.message.id, content: action.message.content } : item,
        ),
      };
    case 'withdrawn':
      return { items: state.items.filter((item) => item.key !== action.key), busy: false };
    case 'reply-started':
      return {
        busy: true,
        items: [
          ...withoutStreaming(state.items),
          {
            kind: 'assistant',
            key: streamingKey,
            content: action.text ?? '',
            sources: action.sources ?? [],
            incomplete: false,
            streaming: true,
          },
        ],
      };
    case 'token':
    case 'sources':
      return {
        ...state,
        items: state.items.map((item) =>
          item.key === streamingKey && item.kind === 'assistant'
            ? action.type === 'token'
              ? { ...item, content: item.content + action.text }
              : { ...item, sources: action.sources }
            : item,
        ),
      };
    case 'reply-ended': {
      const saved = action.message ? fromMessage(action.message) : null;
      return { busy: false, items: [...withoutStreaming(state.items), ...(saved ? [saved] : [])] };
    }
    case 'append':
      return { ...state, items: [...withoutStreaming(state.items), action.item] };
    case 'idle':
      return { busy: false, items: withoutStreaming(state.items) };
  }
}
