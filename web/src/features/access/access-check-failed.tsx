import { accessTexts } from './access-texts';
import button from '../../components/button.module.css';
import styles from './access-screens.module.css';

/** The server could not be asked; nothing is assumed, the visitor may ask again. */
export function AccessCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{accessTexts.checkFailed}</p>
      <button type="button" className={button.secondary} onClick={onRetry}>
        {accessTexts.retry}
      </button>
    </div>
  );
}
