import { useEffect, useRef, useState } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';
import type { ChatItem } from '../conversation/conversation-state';
import { ExchangeVersions } from './exchange-versions';
import { MessageAttachments } from './message-attachments';
import type { MessageContext } from './message-context';
import { MessageEditor } from './message-editor';
import { speakerLabels } from './speaker-labels';
import styles from './message-list.module.css';

const texts = { edit: 'Edit', editLabel: 'Edit message' } as const;

/** A message the user sent; the last one can be edited and sent again (Edit message). */
export function UserMessage({ item, context }: { item: Extract<ChatItem, { kind: 'user' }>; context: MessageContext }) {
  const [editing, setEditing] = useState(false);
  /** Set on Cancel: the focus goes back to 'Edit message'. */
  const refocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { exchange, actions } = context;
  const last = exchange?.user.key === item.key;
  const canEdit = last && actions?.enabled === true;

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  if (editing && canEdit) {
    return (
      <div className={styles.userRow}>
        <MessageEditor
          initial={item.content}
          onCancel={() => {
            refocus.current = true;
            setEditing(false);
          }}
          onSend={(content) => {
            setEditing(false);
            actions.onEdit(content);
          }}
        />
      </div>
    );
  }
  const attachments = item.attachments ?? [];
  return (
    <div className={styles.userRow}>
      <div className={styles.userMessage} data-message-role="user">
        <span className={styles.srOnly}>{speakerLabels.user}: </span>
        {attachments.length > 0 ? <MessageAttachments attachments={attachments} /> : null}
        {/* A message of files alone has no bubble. */}
        {item.content || attachments.length === 0 ? (
          <div className={`${styles.bubble} ${styles.user}`}>
            <p className={styles.plain}>{item.content}</p>
          </div>
        ) : null}
      </div>
      {canEdit || (last && !exchange.reply && exchange.versions && actions?.enabled) ? (
        <div className={styles.actions}>
          {canEdit ? (
            <button
              ref={editButton}
              type="button"
              className={styles.copy}
              data-exchange-action="edit"
              aria-label={texts.editLabel}
              onClick={() => setEditing(true)}
            >
              <StrokeIcon size={14}>
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
              </StrokeIcon>
              <span>{texts.edit}</span>
            </button>
          ) : null}
          {exchange?.reply ? null : <ExchangeVersions context={context} />}
        </div>
      ) : null}
    </div>
  );
}
