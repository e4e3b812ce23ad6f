import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import styles from './keys-link.module.css';

/** Below the cards: the way to the API keys, for using the agents from other programs. */
export function KeysLink() {
  return (
    <p className={styles.line}>
      <Link className={styles.link} to={paths.keys}>
        API keys
      </Link>{' '}
      <span className={styles.note}>Use your agents from other programs.</span>
    </p>
  );
}
