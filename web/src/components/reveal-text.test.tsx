import { render, screen } from '@testing-library/react';
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
  return Array.from(decoration.querySelectorAll<HTMLElement>('span')).filter((span) => span.children.length === 0);
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

  it('animates each character with the given duration, each starting one stagger after the previous', () => {
    render(<RevealText text="ab cd" staggerSeconds={0.05} durationSeconds={0.5} />);

    const letters = characterSpans(screen.getByRole('paragraph')).filter((span) => span.textContent?.trim());
    expect(letters.map((span) => span.textContent)).toEqual(['a', 'b', 'c', 'd']);
    // Offsets count the space too: 'c' is the fourth character of the text.
    expect(letters.map((span) => span.style.animationDelay)).toEqual(['0s', '0.05s', '0.15s', '0.2s']);
    letters.forEach((span) => expect(span.style.animationDuration).toBe('0.5s'));
  });

  it('shows plain, unanimated text when the visitor prefers reduced motion', () => {
    stubReducedMotion(true);
    renderSut();

    const paragraph = screen.getByRole('paragraph');
    expect(paragraph).toHaveTextContent(text);
    expect(paragraph.querySelector('span')).toBeNull();
  });
});
