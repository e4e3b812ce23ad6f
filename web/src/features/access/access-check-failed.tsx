import { Button } from '../../components/button';
import { accessTexts } from './access-texts';
import styles from './access-check-failed.module.css';

/** The server could not be asked; nothing is assumed, the visitor may ask again. */
export function AccessCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{accessTexts.checkFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {accessTexts.retry}
      </Button>
    </div>
  );
}
