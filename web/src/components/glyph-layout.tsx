import { Fragment, type ReactNode } from 'react';
import styles from './glyph-layout.module.css';

type Token = { text: string; start: number; isSpace: boolean };

/** Splits text into words and runs of whitespace, remembering each one's offset in the text. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = 0;
  for (const part of text.split(/(\s+)/)) {
    if (part) {
      tokens.push({ text: part, start, isSpace: /^\s/.test(part) });
    }
    start += part.length;
  }
  return tokens;
}

export type GlyphProps = {
  char: string;
  /** Position of the character in the whole text (spaces count). */
  index: number;
  className: string;
};

type GlyphLayoutProps = {
  text: string;
  /** Draws one non-space character. */
  renderGlyph: (glyph: GlyphProps) => ReactNode;
};

/**
 * Lays text out one span per character. Words never break inside; the spaces between them stay
 * plain inline text so lines still wrap between words on narrow screens.
 */
export function GlyphLayout({ text, renderGlyph }: GlyphLayoutProps) {
  return tokenize(text).map((token) =>
    token.isSpace ? (
      Array.from(token.text, (char, offset) => <span key={token.start + offset}>{char}</span>)
    ) : (
      <span key={token.start} className={styles.word}>
        {Array.from(token.text, (char, offset) => (
          <Fragment key={offset}>
            {renderGlyph({ char, index: token.start + offset, className: styles.glyph })}
          </Fragment>
        ))}
      </span>
    ),
  );
}
