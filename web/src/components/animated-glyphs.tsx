import { m } from 'framer-motion';
import { GlyphLayout } from './glyph-layout';
import { MotionProvider } from './motion-provider';

type AnimatedGlyphsProps = {
  text: string;
  staggerSeconds: number;
  durationSeconds: number;
};

/**
 * The animated layer of RevealText, loaded lazily so the motion code stays out of the entry chunk.
 * Each character fades in and slides up, starting `staggerSeconds` after the previous one.
 */
export default function AnimatedGlyphs({ text, staggerSeconds, durationSeconds }: AnimatedGlyphsProps) {
  return (
    <MotionProvider>
      <GlyphLayout
        text={text}
        renderGlyph={({ char, index, className }) => (
          <m.span
            className={className}
            initial={{ opacity: 0, y: '0.5em' }}
            animate={{ opacity: 1, y: 0 }}
            transition={{ duration: durationSeconds, delay: index * staggerSeconds, ease: 'easeOut' }}
          >
            {char}
          </m.span>
        )}
      />
    </MotionProvider>
  );
}
