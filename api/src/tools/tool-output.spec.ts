import { hasLoneSurrogate } from '../common/safe-json';
import { capOutput } from './tool-output';

const EMOJI = '\ud83d\ude00';

describe('capOutput', () => {
  it('keeps a short answer whole', () => {
    expect(capOutput(`fine ${EMOJI}`, 100)).toBe(`fine ${EMOJI}`);
  });

  it('keeps the head and the tail of a long answer, saying how much is cut between them', () => {
    const capped = capOutput('a'.repeat(70) + 'b'.repeat(100) + 'c'.repeat(30), 100);
    expect(capped).toBe(`${'a'.repeat(70)}\n[… 100 characters cut …]\n${'c'.repeat(30)}`);
  });

  it('cuts between characters, never inside an emoji, at either cut', () => {
    // Emoji are two UTF-16 units each: offset by one, both cuts (at 70 and at 200 - 30) would fall inside one.
    const text = 'x' + EMOJI.repeat(99) + 'y';
    const capped = capOutput(text, 100);
    expect(hasLoneSurrogate(capped)).toBe(false);
    expect(capped).not.toContain('\ufffd');
    const [head, tail] = capped.split(/\n\[… [\d,]+ characters cut …\]\n/);
    expect(text.startsWith(head)).toBe(true);
    expect(text.endsWith(tail)).toBe(true);
  });

  it('replaces half a character the tool itself sent with U+FFFD, short or long', () => {
    expect(capOutput('roof \ud83d tiles', 100)).toBe('roof \ufffd tiles');
    expect(hasLoneSurrogate(capOutput('\ude00'.repeat(300), 100))).toBe(false);
  });
});
