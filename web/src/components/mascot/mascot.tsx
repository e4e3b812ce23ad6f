import { site } from '../../lib/site';
import styles from './mascot.module.css';

const texts = {
  label: 'Email us',
} as const;

/** The spec's mascot size, in CSS pixels. */
const size = 100;

/** The company mascot: a picture link that opens the visitor's mail program. */
export function Mascot({ className }: { className?: string }) {
  return (
    <a className={[styles.mascot, className].filter(Boolean).join(' ')} href={`mailto:${site.contactEmail}`}>
      <img className={styles.image} src="/mascot.svg" width={size} height={size} alt={texts.label} />
    </a>
  );
}
