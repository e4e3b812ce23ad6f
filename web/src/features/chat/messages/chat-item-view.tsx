import type { ReactNode } from 'react';
import type { ChatItem } from '../chat-item';
import { AssistantMessage } from './assistant-message';
import type { MessageContext } from './message-context';
import { NoticeMessage } from './notice-message';
import { UserMessage } from './user-message';

type Renderers = {
  [K in ChatItem['kind']]: (item: Extract<ChatItem, { kind: K }>, context: MessageContext) => ReactNode;
};

const renderers: Renderers = {
  user: (item, context) => <UserMessage item={item} context={context} />,
  assistant: (item, context) => <AssistantMessage item={item} context={context} />,
  notice: (item) => <NoticeMessage item={item} />,
};

/** One line of the conversation, drawn by the component for its kind. */
export function ChatItemView({ item, context }: { item: ChatItem; context: MessageContext }) {
  return (renderers[item.kind] as (item: ChatItem, context: MessageContext) => ReactNode)(item, context);
}
