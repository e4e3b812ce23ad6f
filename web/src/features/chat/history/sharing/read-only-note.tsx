import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { Button } from '../../../../components/button';
import { readOnlyTexts } from './sharing-texts';
import styles from './read-only-note.module.css';

/** In place of the composer in a chat someone else shared: it can be read, not added to. */
export function ReadOnlyNote({ sharing, onNewChat }: { sharing: ChatSharing; onNewChat: () => void }) {
  return (
    <div className={styles.note} role="note">
      <p className={styles.text}>{readOnlyTexts.note(sharing.sharedBy)}</p>
      <Button variant="compact" onClick={onNewChat}>
        {readOnlyTexts.newChat}
      </Button>
    </div>
  );
}
