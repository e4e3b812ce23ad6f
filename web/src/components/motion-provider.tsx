import { domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * Animation support for `m` components. Import it only from lazily loaded modules (the chat): the motion
 * engine is about 10 KB gzipped even before any feature, and the entry chunk has no room for it.
 * `strict` makes a stray full `motion` component (which would bundle every feature) an error.
 */
export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
