import type { ChatAttachment } from '../../../lib/api/attachments';
import type { ChatItem, MessageVersions } from '../chat-item';
import type { ChatMessage, MessageSource } from '../../../lib/api/sessions';
import type { ToolCallRecord } from '../../../lib/api/tool-decisions';

export type ConversationState = {
  items: ChatItem[];
  /** A reply is awaited (from sending until done, stopped or failed). */
  busy: boolean;
};

export type ConversationAction =
  | { type: 'reset'; greeting: string }
  | { type: 'loaded'; messages: ChatMessage[]; greeting: string }
  | { type: 'sent'; key: string; content: string; attachments?: ChatAttachment[] }
  | { type: 'user-saved'; key: string; message: ChatMessage }
  | { type: 'withdrawn'; key: string }
  /** Regenerate or Edit message: the last exchange gives way to its new version, which is on its way. */
  | { type: 'revised'; key: string; content: string; attachments?: ChatAttachment[] }
  /** Another version of the last exchange was chosen: its messages take the place of the ones shown. */
  | { type: 'exchange-replaced'; messages: ChatMessage[] }
  | { type: 'reply-started'; text?: string; sources?: MessageSource[]; toolCalls?: ToolCallRecord[] }
  | { type: 'token'; text: string }
  /** A tool call of the streaming reply started, waits for the user, or ended: kept by its id. */
  | { type: 'tool-call'; call: ToolCallRecord }
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

const versionsOf = (message: ChatMessage) => (message.versions ? { versions: message.versions } : {});
const toolCallsOf = (toolCalls: ToolCallRecord[] | undefined) => (toolCalls?.length ? { toolCalls } : {});

/** The calls with `call` in the place of the one of its id, or after the others when it is new. */
export function withToolCall(calls: ToolCallRecord[] = [], call: ToolCallRecord): ToolCallRecord[] {
  const at = calls.findIndex((known) => known.id === call.id);
  return at < 0 ? [...calls, call] : calls.map((known, index) => (index === at ? call : known));
}

/** A user message as shown: its attachments only when it has some. */
const userItem = (key: string, content: string, attachments: ChatAttachment[] | undefined): ChatItem => ({
  kind: 'user',
  key,
  content,
  ...(attachments?.length ? { attachments } : {}),
});

export function fromMessage(message: ChatMessage): ChatItem | null {
  if (message.role === 'user')
    return { ...userItem(message.id, message.content, message.attachments), ...versionsOf(message) };
  if (message.role === 'assistant') {
    return {
      kind: 'assistant',
      key: message.id,
      content: message.content,
      sources: message.sources,
      incomplete: message.incomplete,
      streaming: false,
      ...toolCallsOf(message.toolCalls),
      ...(message.usage ? { usage: message.usage } : {}),
      ...(message.provenance ? { provenance: message.provenance } : {}),
      ...versionsOf(message),
    };
  }
  return null;
}

type UserItem = Extract<ChatItem, { kind: 'user' }>;
type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;

/** The chat's last exchange as shown: its user message, the reply to it, and its versions. */
export type LastExchange = {
  user: UserItem;
  /** The saved reply, when the exchange has one and nothing came after it. */
  reply: AssistantItem | null;
  versions: MessageVersions | null;
};

/** Index of the last user message: the last exchange starts there (notices after it are ours, not messages). */
function lastUserIndex(items: ChatItem[]): number {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].kind === 'user') return i;
  return -1;
}

export function lastExchange(items: ChatItem[]): LastExchange | null {
  const at = lastUserIndex(items);
  if (at < 0) return null;
  const user = items[at] as UserItem;
  const after = items.slice(at + 1).filter((item) => item.kind !== 'notice');
  const [first] = after;
  // Another message after the reply (a persona's confirmation): the exchange is no longer the chat's last.
  if (after.length > 1) return null;
  const reply = first?.kind === 'assistant' && !first.streaming ? first : null;
  if (first && !reply) return null;
  return { user, reply, versions: reply?.versions ?? user.versions ?? null };
}

/** The items before the last exchange: what a new version of it, or another chosen one, follows. */
const beforeLastExchange = (items: ChatItem[]) => {
  const at = lastUserIndex(items);
  return at < 0 ? items : items.slice(0, at);
};

export const initialConversation = (greeting: string): ConversationState => ({
  items: [greetingItem(greeting)],
  busy: false,
});

const withoutStreaming = (items: ChatItem[]) => items.filter((item) => item.key !== streamingKey);

const isStreaming = (item: ChatItem): item is AssistantItem => item.key === streamingKey && item.kind === 'assistant';

type StreamedAction = Extract<ConversationAction, { type: 'token' | 'sources' | 'tool-call' }>;

/** What one streamed event adds to the reply being written. */
const streamed = (item: AssistantItem, action: StreamedAction): AssistantItem =>
  action.type === 'token'
    ? { ...item, content: item.content + action.text }
    : action.type === 'sources'
      ? { ...item, sources: action.sources }
      : { ...item, toolCalls: withToolCall(item.toolCalls, action.call) };

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
      return { items: [...state.items, userItem(action.key, action.content, action.attachments)], busy: true };
    case 'user-saved':
      return {
        ...state,
        items: state.items.map((item) => (item.key === action.key ? (fromMessage(action.message) ?? item) : item)),
      };
    case 'revised':
      return {
        busy: true,
        items: [...beforeLastExchange(state.items), userItem(action.key, action.content, action.attachments)],
      };
    case 'exchange-replaced':
      return {
        ...state,
        items: [
          ...beforeLastExchange(state.items),
          ...action.messages.map(fromMessage).filter((item): item is ChatItem => item !== null),
        ],
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
            ...toolCallsOf(action.toolCalls),
          },
        ],
      };
    case 'token':
    case 'sources':
    case 'tool-call':
      return { ...state, items: state.items.map((item) => (isStreaming(item) ? streamed(item, action) : item)) };
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
