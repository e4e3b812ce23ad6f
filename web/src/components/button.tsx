import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  /**
   * 'secondary': a quiet outlined button (try again, retry); 'compact': a small one for title bars and toolbars;
   * 'action', 'primary', 'danger': a dialog's choices (Cancel; Apply; Delete).
   */
  variant: 'secondary' | 'compact' | 'action' | 'primary' | 'danger';
};

/** The site's outlined buttons; className places one (its look is this component's). */
export function Button({ variant, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={className ? `${styles[variant]} ${className}` : styles[variant]} {...rest} />;
}
