import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibleText } from '../test/accessible-text';
import { stubReducedMotion } from '../test/reduced-motion';
import { RevealText } from './reveal-text';

const text = 'Currently building our relationship...';

function renderSut() {
  return render(<RevealText text={text} staggerSeconds={0.05} durationSeconds={0.5} />);
}

/** The innermost spans of the decorative layer: one per character when animating. */
function characterSpans(paragraph: HTMLElement): HTMLElement[] {
  const decoration = paragraph.querySelector('[aria-hidden="true"]');
  if (!decoration) return [];
  return Array.from(decoration.querySelectorAll<HTMLElement>('span')).filter(
    (span) => span.children.length === 0,
  );
}

describe(RevealText.name, () => {
  it('gives assistive technology the whole text exactly once, as one string', () => {
    renderSut();

    const paragraph = screen.getByRole('paragraph');
    expect(accessibleText(paragraph)).toBe(text);
    expect(screen.getByText(text, { exact: true })).toBeInTheDocument();
  });

  it('renders one hidden span per character, in order', () => {
    renderSut();

    const spans = characterSpans(screen.getByRole('paragraph'));
    expect(spans).toHaveLength(text.length);
    expect(spans.map((span) => span.textContent).join('')).toBe(text);
    spans.forEach((span) => expect(span.textContent).toHaveLength(1));
  });

  it('starts every visible character hidden so it can fade in', () => {
    renderSut();

    const letters = characterSpans(screen.getByRole('paragraph')).filter(
      (span) => span.textContent?.trim(),
    );
    expect(letters.length).toBeGreaterThan(0);
    letters.forEach((span) => expect(span).toHaveStyle({ opacity: '0' }));
  });

  it('fades the characters in one after another while sliding them up into place', async () => {
    // Wide gaps between characters keep the timing checks clear of scheduler jitter.
    render(<RevealText text="abcdef" staggerSeconds={0.2} durationSeconds={0.1} />);
    const glyphs = () => characterSpans(screen.getByRole('paragraph'));

    // The last character waits 1 s before moving, so it is still below its place when it appears.
    await waitFor(() => expect(glyphs().at(-1)).toHaveStyle({ transform: 'translateY(0.5em)' }));
    await waitFor(() => expect(glyphs()[0]).toHaveStyle({ opacity: '1' }), { timeout: 800 });
    expect(glyphs().at(-1)).toHaveStyle({ opacity: '0' });

    await waitFor(
      () => glyphs().forEach((glyph) => expect(glyph).toHaveStyle({ opacity: '1', transform: 'none' })),
      { timeout: 3000 },
    );
  });

  it('shows plain, unanimated text when the visitor prefers reduced motion', () => {
    stubReducedMotion(true);
    renderSut();

    const paragraph = screen.getByRole('paragraph');
    expect(paragraph).toHaveTextContent(text);
    expect(paragraph.querySelector('span')).toBeNull();
  });
});
