import * as Toast from '@radix-ui/react-toast';
import { dismissToast, toastDurationMs, useToasts } from './toasts';
import styles from './toaster.module.css';

/** Swipe right past 50 px to dismiss, as the spec sets. */
const swipe = { direction: 'right', threshold: 50 } as const;

export default function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={toastDurationMs}
      swipeDirection={swipe.direction}
      swipeThreshold={swipe.threshold}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', action }) => (
        <Toast.Root
          key={id}
          className={styles.toast}
          data-variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(id);
          }}
        >
          <div className={styles.text}>
            <Toast.Title className={styles.title}>{title}</Toast.Title>
            {description ? <Toast.Description className={styles.description}>{description}</Toast.Description> : null}
          </div>
          {action ? (
            <Toast.Action className={styles.action} altText={action.label} onClick={action.onClick}>
              {action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className={styles.close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
