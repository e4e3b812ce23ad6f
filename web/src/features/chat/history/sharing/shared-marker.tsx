import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { sharedMarkerText } from './sharing-texts';
import styles from './shared-marker.module.css';

/** 'Shared by Anna' beside a chat the circle sees; nothing for a private chat or without people. */
export function SharedMarker({ sharing }: { sharing: ChatSharing | undefined }) {
  const text = sharedMarkerText(sharing);
  if (!text) return null;
  return (
    <span className={styles.marker}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="9" cy="8" r="3" />
        <circle cx="17" cy="10" r="2.5" />
        <path d="M3 19c0-3 2.7-5 6-5s6 2 6 5M15 15.5c3 0 6 1.2 6 3.5" />
      </svg>
      {text}
    </span>
  );
}
