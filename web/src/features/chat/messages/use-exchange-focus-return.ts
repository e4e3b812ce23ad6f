import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ChatItem } from '../chat-item';
import type { ExchangeActions } from './message-context';

/**
 * Gives the focus back after an action of the last exchange took its button away: returns the exchange's
 * actions and `showVersion`, which note the button to return to, for once the outcome is in `items`.
 */
export function useExchangeFocusReturn(
  scrollerRef: RefObject<HTMLElement | null>,
  items: ChatItem[],
  exchangeActions: ExchangeActions | undefined,
) {
  // A version shown takes the place of the exchange's messages: the focus goes back to the arrow used.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const label = refocus.current;
    if (!label) return;
    const buttons = [
      ...(scrollerRef.current?.querySelectorAll<HTMLButtonElement>('[data-version-switcher] button') ?? []),
    ];
    const target =
      buttons.find((button) => button.getAttribute('aria-label') === label && !button.disabled) ??
      buttons.find((button) => !button.disabled);
    if (!target) return;
    refocus.current = null;
    target.focus();
  }, [items, exchangeActions?.enabled, scrollerRef]);

  // Regenerate and Save and send take their buttons away while the reply is written: once it is over, the
  // focus returns to the same action of the new exchange (else to its versions), not to the page's start.
  const afterAction = useRef<{ action: 'regenerate' | 'edit'; underway: boolean } | null>(null);
  useEffect(() => {
    const pending = afterAction.current;
    if (!pending) return;
    if (!exchangeActions?.enabled) {
      pending.underway = true;
      return;
    }
    if (!pending.underway) return;
    const { action } = pending;
    afterAction.current = null;
    const target =
      scrollerRef.current?.querySelector<HTMLButtonElement>(`[data-exchange-action="${action}"]`) ??
      scrollerRef.current?.querySelector<HTMLButtonElement>('[data-version-switcher] button:not(:disabled)');
    target?.focus();
  }, [items, exchangeActions?.enabled, scrollerRef]);
  const actions: ExchangeActions | undefined = exchangeActions && {
    ...exchangeActions,
    onRegenerate: () => {
      afterAction.current = { action: 'regenerate', underway: false };
      exchangeActions.onRegenerate();
    },
    onEdit: (content) => {
      afterAction.current = { action: 'edit', underway: false };
      exchangeActions.onEdit(content);
    },
  };

  const onShowVersion = exchangeActions?.onShowVersion;
  const showVersion = useCallback(
    (version: number, from: string) => {
      refocus.current = from;
      onShowVersion?.(version);
    },
    [onShowVersion],
  );

  return { actions, showVersion };
}
