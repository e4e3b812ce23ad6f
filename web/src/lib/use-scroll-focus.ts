import { useCallback } from 'react';

/**
 * A ref for a box that scrolls inside a reply (a code block or a table sideways, a tool's result
 * downwards): while its content is larger than it, it joins the Tab order, so keyboard users can scroll
 * it with the arrow keys; when all of it shows, it leaves again. It follows the box's size and content (a reply still streaming in).
 */
export function useScrollFocus<T extends HTMLElement>(): (element: T | null) => (() => void) | undefined {
  return useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const update = () => {
      const overflows = element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
      if (overflows) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, []);
}
