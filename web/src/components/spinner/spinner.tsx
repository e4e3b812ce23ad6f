import styles from './spinner.module.css';

type SpinnerProps = {
  /** Text shown beside the spinner and announced politely to screen readers. */
  label: string;
  /** Fill the page and centre the spinner (page-level loading), or sit inline. */
  fullPage?: boolean;
};

export function Spinner({ label, fullPage = false }: SpinnerProps) {
  return (
    <div className={fullPage ? styles.page : styles.inline} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
