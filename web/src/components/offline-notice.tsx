import { useOnline } from '../lib/use-online';
import styles from './offline-notice.module.css';

const offlineText = 'You are offline. Chats will work again when you are back online.';

/**
 * A banner while the device has no connection. The status region is always there, so screen readers
 * announce the banner when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" className={styles.region}>
      {online ? null : <p className={styles.banner}>{offlineText}</p>}
    </div>
  );
}
