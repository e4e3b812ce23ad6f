import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

const html = (text: string, ranges: { start: number; end: number }[]) =>
  render(
    <p>
      <HighlightedText text={text} ranges={ranges} />
    </p>,
  ).container.querySelector('p')!.innerHTML;

describe(HighlightedText.name, () => {
  it('marks the given ranges and keeps the rest as text', () => {
    expect(
      html('We planted tomatoes in the garden', [
        { start: 11, end: 19 },
        { start: 27, end: 33 },
      ]),
    ).toBe('We planted <mark>tomatoes</mark> in the <mark>garden</mark>');
  });

  it('shows markup in the text as text, never as elements', () => {
    const text = '<img src=x onerror=alert(1)> <b>bold</b>';
    const { container } = render(<HighlightedText text={text} ranges={[{ start: 32, end: 36 }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(container.querySelector('mark')?.textContent).toBe('bold');
  });

  it('skips ranges that overlap, run backwards or fall outside the text', () => {
    expect(
      html('Gärten und Häuser', [
        { start: 0, end: 6 },
        { start: 3, end: 8 },
        { start: 12, end: 11 },
        { start: 11, end: 40 },
      ]),
    ).toBe('<mark>Gärten</mark> und Häuser');
  });

  it('counts characters as JavaScript does, so text after an emoji is marked right', () => {
    expect(html('🍅 tomato', [{ start: 3, end: 9 }])).toBe('🍅 <mark>tomato</mark>');
  });
});
