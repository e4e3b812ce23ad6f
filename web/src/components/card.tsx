import { createElement, type HTMLAttributes, type Ref } from 'react';
import styles from './card.module.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  ref?: Ref<HTMLElement>;
  as?: 'div' | 'section' | 'article' | 'li';
  /** 'large': a card of its own on a page (raised); 'small': one among the chat's lines (flat, tighter corners). */
  size?: 'large' | 'small';
  /** Rises under the pointer or the focus: a card that leads somewhere. */
  lift?: boolean;
  /** Edged in the link colour: a card that waits for the user. */
  accent?: boolean;
};

/**
 * The site's card: a bordered box on the page's background. Its look is this component's; whoever uses it
 * sets its size, padding and layout with className.
 */
export function Card({ as = 'div', size = 'large', lift = false, accent = false, className, ...rest }: CardProps) {
  const classes = [styles.card, styles[size], lift && styles.lift, accent && styles.accent, className];
  return createElement(as, { ...rest, className: classes.filter(Boolean).join(' ') });
}
