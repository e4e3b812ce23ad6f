import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the chat's history is a drawer over the conversation instead of a column beside it. */
export const phoneWidthQuery = '(max-width: 767.98px)';

function mediaQuery(query: string): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/** Whether a CSS media query matches; follows changes live (rotation, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => mediaQuery(query)?.matches ?? false;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
