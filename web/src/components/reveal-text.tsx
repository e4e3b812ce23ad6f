import { lazy, Suspense } from 'react';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion';
import { GlyphLayout } from './glyph-layout';
import { VisuallyHidden } from './visually-hidden';

const AnimatedGlyphs = lazy(() => import('./animated-glyphs'));

type RevealTextProps = {
  text: string;
  /** Delay between one character and the next, in seconds. */
  staggerSeconds: number;
  /** How long each character takes to appear, in seconds. */
  durationSeconds: number;
  className?: string;
};

/**
 * A paragraph whose characters fade in and slide up one after another. Assistive technology reads
 * the whole text once; the per-character spans are decoration and hidden from it. Visitors who
 * prefer reduced motion get the plain text.
 */
export function RevealText({ text, staggerSeconds, durationSeconds, className }: RevealTextProps) {
  const reducedMotion = usePrefersReducedMotion();

  if (reducedMotion) {
    return <p className={className}>{text}</p>;
  }

  // Until the animation code arrives, the same layout holds the space with every glyph unpainted.
  const pending = (
    <GlyphLayout
      text={text}
      renderGlyph={({ char, className: glyphClass }) => (
        <span className={glyphClass} style={{ opacity: 0 }}>
          {char}
        </span>
      )}
    />
  );

  return (
    <p className={className}>
      <VisuallyHidden>{text}</VisuallyHidden>
      <span aria-hidden="true">
        <Suspense fallback={pending}>
          <AnimatedGlyphs
            text={text}
            staggerSeconds={staggerSeconds}
            durationSeconds={durationSeconds}
          />
        </Suspense>
      </span>
    </p>
  );
}
