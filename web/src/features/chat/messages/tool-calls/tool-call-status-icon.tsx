import type { ReactNode } from 'react';
import { StrokeIcon } from '../../../../components/stroke-icon';
import type { FinishedStatus } from './tool-call-texts';
import styles from './tool-call-status-icon.module.css';

const shapes: Record<FinishedStatus, ReactNode> = {
  done: <polyline points="20 6 9 17 4 12" />,
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </>
  ),
  denied: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M4.9 4.9l14.2 14.2" />
    </>
  ),
  cancelled: <rect x="6" y="6" width="12" height="12" rx="1" />,
};

/** A finished call's status at a glance (its words are beside it). */
export function ToolCallStatusIcon({ status }: { status: FinishedStatus }) {
  return (
    <span className={`${styles.icon} ${styles[status]}`}>
      <StrokeIcon size={14}>{shapes[status]}</StrokeIcon>
    </span>
  );
}
