import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion';
import { GlyphLayout } from './glyph-layout';
import { VisuallyHidden } from './visually-hidden';
import styles from './reveal-text.module.css';

type RevealTextProps = {
  text: string;
  /** Delay between one character and the next, in seconds. */
  staggerSeconds: number;
  /** How long each character takes to appear, in seconds. */
  durationSeconds: number;
  className?: string;
};

/**
 * A paragraph whose characters fade in and slide up one after another. The animation is CSS only,
 * so the landing page ships no animation code. Assistive technology reads the whole text once;
 * the per-character spans are decoration and hidden from it. Visitors who prefer reduced motion
 * get the plain text.
 */
export function RevealText({ text, staggerSeconds, durationSeconds, className }: RevealTextProps) {
  const reducedMotion = usePrefersReducedMotion();

  if (reducedMotion) {
    return <p className={className}>{text}</p>;
  }

  return (
    <p className={className}>
      <VisuallyHidden>{text}</VisuallyHidden>
      <span aria-hidden="true">
        <GlyphLayout
          text={text}
          renderGlyph={({ char, index, className: glyphClass }) => (
            <span
              className={`${glyphClass} ${styles.reveal}`}
              style={{
                animationDelay: `${(index * staggerSeconds).toFixed(3)}s`,
                animationDuration: `${durationSeconds}s`,
              }}
            >
              {char}
            </span>
          )}
        />
      </span>
    </p>
  );
}
