import { useEffect, useRef, useState } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { ChatItem } from '../chat-item';
import { ExchangeVersions } from './exchange-versions';
import { MessageActionButton } from './message-action-button';
import { MessageActions } from './message-actions';
import { MessageAttachments } from './message-attachments';
import { MessageBubble } from './message-bubble';
import type { MessageContext } from './message-context';
import { MessageEditor } from './message-editor';
import { speakerLabels } from './speaker-labels';
import styles from './user-message.module.css';

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
      <div className={styles.row}>
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
    <div className={styles.row}>
      <div className={styles.message} data-message-role="user">
        <VisuallyHidden>{speakerLabels.user}: </VisuallyHidden>
        {attachments.length > 0 ? <MessageAttachments attachments={attachments} /> : null}
        {/* A message of files alone has no bubble. */}
        {item.content || attachments.length === 0 ? (
          <MessageBubble speaker="user">
            <p className={styles.plain}>{item.content}</p>
          </MessageBubble>
        ) : null}
      </div>
      {canEdit || (last && !exchange.reply && exchange.versions && actions?.enabled) ? (
        <MessageActions>
          {canEdit ? (
            <MessageActionButton
              ref={editButton}
              data-exchange-action="edit"
              aria-label={texts.editLabel}
              onClick={() => setEditing(true)}
            >
              <StrokeIcon size={14}>
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
              </StrokeIcon>
              <span>{texts.edit}</span>
            </MessageActionButton>
          ) : null}
          {exchange?.reply ? null : <ExchangeVersions context={context} />}
        </MessageActions>
      ) : null}
    </div>
  );
}
