import { useEffect, useMemo, useRef } from 'react';

/**
 * The call whose line has the focus its answered prompt gave it. The line may be drawn afresh while it has it
 * (at its end a streamed reply gives way to the saved message, under another key): it then takes it back.
 */
export type ToolCallFocus = {
  /** The focus was in this call's prompt as the prompt left: the call's line is to have it. */
  hold: (callId: string) => void;
  /** A call's line is on the page (new, or with a new status): it takes the focus its call holds, if it was lost. */
  restore: (callId: string, line: HTMLElement) => void;
};

/** The focus fell back to the page: nothing else took it since the focused element left. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** One keeper per conversation: it outlives the replies whose lines come and go. */
export function useToolCallFocus(): ToolCallFocus {
  const held = useRef<string | null>(null);
  useEffect(() => {
    // The focus went elsewhere than the call's line (its `data-tool-call`): the line has none to take back.
    const onFocusIn = (event: FocusEvent) => {
      const callId = event.target instanceof HTMLElement ? event.target.dataset.toolCall : undefined;
      if (callId !== held.current) held.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return useMemo(
    () => ({
      hold: (callId) => {
        held.current = callId;
      },
      restore: (callId, line) => {
        if (held.current === callId && focusLost()) line.focus();
      },
    }),
    [],
  );
}
