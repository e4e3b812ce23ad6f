import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps its scroller scrolled to its end while the reader is there (within 48 px of it): after each render,
 * so a growing reply stays in view. Scrolling up lets go; scrolling back down pins it again.
 */
export function useScrollPinning(scrollerRef: RefObject<HTMLElement | null>) {
  const pinned = useRef(true);

  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  });

  const onScroll = () => {
    const element = scrollerRef.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };

  /** Lets go of the end until the reader scrolls back to it (a message elsewhere was brought into view). */
  const unpin = useCallback(() => {
    pinned.current = false;
  }, []);

  return { onScroll, unpin };
}
