import { useEffect, useRef, useState } from 'react';
import removeMarkdown from 'remove-markdown';
import type { ChatItem } from '../chat-item';

type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;

const lastReply = (items: ChatItem[]): AssistantItem | undefined =>
  [...items].reverse().find((item): item is AssistantItem => item.kind === 'assistant' && !item.streaming);

/**
 * The text of a reply once it is complete, for a polite live region: said once, when the turn that
 * brought it ends, never token by token, and not for replies already there (a chat opened or reloaded).
 */
export function useCompletedReplyAnnouncement(items: ChatItem[], inProgress: boolean): string {
  const [announcement, setAnnouncement] = useState('');
  const [shownFirst] = useState(() => lastReply(items));
  const before = useRef<{ inProgress: boolean; reply: AssistantItem | undefined }>({ inProgress, reply: shownFirst });
  useEffect(() => {
    const previous = before.current;
    if (inProgress && !previous.inProgress) {
      before.current = { inProgress, reply: lastReply(items) };
      return;
    }
    if (!inProgress && previous.inProgress) {
      const reply = lastReply(items);
      // Read as text: a screen reader would otherwise say the markdown's asterisks and hashes.
      if (reply && reply !== previous.reply && reply.content) setAnnouncement(removeMarkdown(reply.content));
    }
    before.current = { inProgress, reply: previous.reply };
  }, [items, inProgress]);
  return announcement;
}
