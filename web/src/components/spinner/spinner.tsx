import { useOnline } from '../../lib/use-online';
import styles from './spinner.module.css';

/** Offline, what loads waits for the network (the query client holds it): say so rather than 'Loading...'. */
const offlineLabel = 'Waiting for a connection...';

type SpinnerProps = {
  /** Text shown beside the spinner and announced politely to screen readers. */
  label: string;
  /** Fill the page and centre the spinner (page-level loading), or sit inline. */
  fullPage?: boolean;
};

export function Spinner({ label, fullPage = false }: SpinnerProps) {
  const online = useOnline();
  return (
    <div className={fullPage ? styles.page : styles.inline} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{online ? label : offlineLabel}</span>
    </div>
  );
}
