import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../../components/toast/toast-store';
import { deleteSession, sessionsKey, summarizeSession, type ChatSession } from '../../../lib/api/sessions';
import { useModelKey } from '../../../lib/model-key';
import { ConfirmDialog } from './confirm-dialog';
import { formatUpdatedAt } from './format-updated-at';
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
  const listKey = sessionsKey(agentId);

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

  return (
    <li className={styles.entry} aria-current={current ? 'true' : undefined}>
      <div className={styles.heading}>
        <h3 id={titleId} className={styles.title} title={session.title}>
          {session.title}
        </h3>
        <time className={styles.time} dateTime={session.updatedAt}>
          {formatUpdatedAt(session.updatedAt)}
        </time>
      </div>
      {session.summary ? <p className={styles.summary}>{session.summary}</p> : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          aria-describedby={titleId}
          aria-disabled={summarizeBusy || undefined}
          onClick={() => {
            if (!summarizeBusy) summarize.mutate();
          }}
        >
          {summarizeBusy ? 'Summarizing...' : 'Summarize'}
        </button>
        <button
          type="button"
          className={styles.delete}
          aria-describedby={titleId}
          aria-disabled={deleteBusy || undefined}
          onClick={() => {
            if (!deleteBusy) setConfirmingDelete(true);
          }}
        >
          Delete
        </button>
        <button
          type="button"
          className={styles.continue}
          aria-describedby={titleId}
          onClick={() => onContinue(session)}
        >
          Continue Chat
        </button>
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
    </li>
  );
}
