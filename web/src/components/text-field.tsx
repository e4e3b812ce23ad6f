import type { InputHTMLAttributes, Ref } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  ref?: Ref<HTMLInputElement>;
  /** Set in the monospace font, for what is read character by character (a key). */
  mono?: boolean;
};

/** The site's single-line text field (access code, API key). */
export function TextField({ mono = false, ...rest }: TextFieldProps) {
  return <input className={mono ? `${styles.input} ${styles.mono}` : styles.input} {...rest} />;
}
