import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChatItem } from '../chat-item';

/** A message to bring into view and mark for a moment (a search result); a new `at` asks again. */
export type MessageFocus = { key: string; at: number };

/** How long a found message stays marked. */
const FOUND_MS = 2500;

/**
 * Brings the message asked for by `focus` into view in the list, moves the focus there and marks it for
 * a moment; returns the message marked. `unpin` (stable) lets the list stop following its end.
 */
export function useFoundMessage(
  scrollerRef: RefObject<HTMLElement | null>,
  items: ChatItem[],
  focus: MessageFocus | null,
  unpin: () => void,
): MessageFocus | null {
  const [found, setFound] = useState<MessageFocus | null>(null);
  const shown = useRef<MessageFocus | null>(null);
  const present = focus !== null && items.some((item) => item.key === focus.key);

  // Once the message is on screen (its chat may still be loading), scroll to it, mark it and move focus there.
  useEffect(() => {
    if (!focus || !present || shown.current === focus) return;
    const element = scrollerRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(focus.key)}"]`);
    if (!element) return;
    shown.current = focus;
    unpin();
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    setFound(focus);
    const timer = setTimeout(() => setFound((current) => (current === focus ? null : current)), FOUND_MS);
    return () => clearTimeout(timer);
  }, [focus, present, scrollerRef, unpin]);

  return found;
}
