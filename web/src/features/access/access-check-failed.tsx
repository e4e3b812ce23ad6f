import { accessTexts } from './access-texts';
import styles from './access-screens.module.css';

/** The server could not be asked; nothing is assumed, the visitor may ask again. */
export function AccessCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{accessTexts.checkFailed}</p>
      <button type="button" className={styles.secondaryButton} onClick={onRetry}>
        {accessTexts.retry}
      </button>
    </div>
  );
}
