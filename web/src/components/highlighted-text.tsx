import type { ReactNode } from 'react';

export type TextRange = { start: number; end: number };

/**
 * Text with some of its parts in <mark>, from ranges of its characters (UTF-16 indexes): the text is
 * rendered as text, never parsed as markup. Ranges out of order, overlapping or out of bounds are skipped.
 */
export function HighlightedText({
  text,
  ranges,
  className,
}: {
  text: string;
  ranges: TextRange[];
  className?: string;
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={className}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
