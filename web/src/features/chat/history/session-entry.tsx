import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Card } from '../../../components/card';
import { toast } from '../../../components/toast/toasts';
import { updateSession } from '../../../lib/api/session-manage';
import { deleteSession, sessionsKey, summarizeSession, type ChatSession } from '../../../lib/api/sessions';
import { useModelKey } from '../../../lib/model-key';
import { ConfirmDialog } from './confirm-dialog';
import { ExportControl } from './export-control';
import { formatUpdatedAt } from './format-updated-at';
import { RenameForm } from './rename-form';
import { SessionActionButton } from './session-action-button';
import { ShareControl } from './sharing/share-control';
import { SharedMarker } from './sharing/shared-marker';
import { mayChange } from './sharing/sharing-texts';
import styles from './session-entry.module.css';

type SessionEntryProps = {
  session: ChatSession;
  agentId: string;
  current: boolean;
  onContinue: (session: ChatSession) => void;
  /** Called once the server has deleted the session. */
  onDeleted: (sessionId: string) => void;
};

const deleteQuestion = 'Are you sure you want to delete this chat session?';

export function SessionEntry({ session, agentId, current, onContinue, onDeleted }: SessionEntryProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [modelKey] = useModelKey();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const pinRef = useRef<HTMLButtonElement>(null);
  const listKey = sessionsKey(agentId);

  const rename = useMutation({
    mutationFn: (title: string) => updateSession(session.id, { title }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listKey });
      setRenaming(false);
      renameRef.current?.focus();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to rename the chat. Please try again.', variant: 'destructive' });
    },
  });

  const pin = useMutation({
    mutationFn: (pinned: boolean) => updateSession(session.id, { pinned }),
    onSuccess: async (_session, pinned) => {
      // Returned after the list re-sorted, so the button stays busy until the chat has moved.
      await queryClient.invalidateQueries({ queryKey: listKey });
      toast({ title: pinned ? 'Chat Pinned' : 'Chat Unpinned', description: session.title });
      // Moving the entry may take the focus away from its button: give it back.
      if (document.activeElement === document.body) pinRef.current?.focus();
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to pin or unpin the chat. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const summarize = useMutation({
    mutationFn: () => summarizeSession(session.id, modelKey),
    onSuccess: () => {
      toast({ title: 'Session Summarized', description: 'The summary was updated.' });
      // Returned so the button stays busy until the new summary is on screen.
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to summarize the session. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteSession(session.id),
    onSuccess: () => {
      toast({ title: 'Session Deleted', description: 'The chat session was deleted.' });
      void queryClient.invalidateQueries({ queryKey: listKey });
      onDeleted(session.id);
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to delete the session. Please try again.', variant: 'destructive' });
    },
  });

  // aria-disabled rather than disabled keeps focus on a button while its request runs.
  const summarizeBusy = summarize.isPending;
  const deleteBusy = remove.isPending;
  const pinBusy = pin.isPending;
  // Someone else's chat shared with the circle: read and continue reading, never changed.
  const changeable = mayChange(session.sharing);

  const stopRenaming = () => {
    setRenaming(false);
    // The input is about to go: back to the button that opened it.
    requestAnimationFrame(() => renameRef.current?.focus());
  };

  return (
    <Card as="li" size="small" className={styles.entry} aria-current={current ? 'true' : undefined}>
      <div className={styles.heading}>
        {renaming ? (
          <RenameForm
            title={session.title}
            busy={rename.isPending}
            onSave={(title) => rename.mutate(title)}
            onCancel={stopRenaming}
          />
        ) : null}
        <h3 id={titleId} className={styles.title} title={session.title} hidden={renaming}>
          {session.title}
        </h3>
        {session.pinned ? (
          <span className={styles.pinnedBadge}>
            <PinIcon />
            Pinned
          </span>
        ) : null}
        <SharedMarker sharing={session.sharing} />
        {session.apiKeyName ? (
          <span className={styles.apiKeyBadge} title={`Kept from the API, through the key “${session.apiKeyName}”`}>
            API · {session.apiKeyName}
          </span>
        ) : null}
        <time className={styles.time} dateTime={session.updatedAt}>
          {formatUpdatedAt(session.updatedAt)}
        </time>
      </div>
      {session.summary ? <p className={styles.summary}>{session.summary}</p> : null}
      <div className={styles.actions}>
        {changeable ? (
          <>
            <SessionActionButton
              aria-describedby={titleId}
              aria-disabled={summarizeBusy || undefined}
              onClick={() => {
                if (!summarizeBusy) summarize.mutate();
              }}
            >
              {summarizeBusy ? 'Summarizing...' : 'Summarize'}
            </SessionActionButton>
            <SessionActionButton
              ref={renameRef}
              aria-describedby={titleId}
              aria-expanded={renaming}
              onClick={() => (renaming ? stopRenaming() : setRenaming(true))}
            >
              Rename chat
            </SessionActionButton>
            <SessionActionButton
              ref={pinRef}
              aria-describedby={titleId}
              aria-pressed={session.pinned}
              aria-disabled={pinBusy || undefined}
              aria-busy={pinBusy || undefined}
              onClick={() => {
                if (!pinBusy) pin.mutate(!session.pinned);
              }}
            >
              Pin chat
            </SessionActionButton>
          </>
        ) : null}
        <ShareControl sessionId={session.id} agentId={agentId} sharing={session.sharing} describedBy={titleId} />
        <ExportControl sessionId={session.id} describedBy={titleId} />
        {changeable ? (
          <SessionActionButton
            tone="danger"
            aria-describedby={titleId}
            aria-disabled={deleteBusy || undefined}
            onClick={() => {
              if (!deleteBusy) setConfirmingDelete(true);
            }}
          >
            Delete
          </SessionActionButton>
        ) : null}
        <SessionActionButton
          tone="go"
          className={styles.continue}
          aria-describedby={titleId}
          onClick={() => onContinue(session)}
        >
          Continue Chat
        </SessionActionButton>
      </div>
      {confirmingDelete ? (
        <ConfirmDialog
          message={deleteQuestion}
          detail={session.title}
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirmingDelete(false);
            remove.mutate();
          }}
          onCancel={() => setConfirmingDelete(false)}
        />
      ) : null}
    </Card>
  );
}

function PinIcon() {
  return (
    <svg className={styles.pinIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 4h6l-1 6 4 3v2H6v-2l4-3-1-6zM12 15v6" />
    </svg>
  );
}
