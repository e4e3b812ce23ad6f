import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ModalDialog, type ModalDialogHandle } from '../../components/modal-dialog';
import { Spinner } from '../../components/spinner/spinner';
import { agentMemoryKey, type AgentMemoryList, type MemoryFactView } from '../../lib/api/agent-memory';
import { deleteMemoryFact } from '../../lib/api/delete-memory-fact';
import { editMemoryFact } from '../../lib/api/edit-memory-fact';
import { exportMemory } from '../../lib/api/export-memory';
import { forgetMemory } from '../../lib/api/forget-memory';
import { importMemory } from '../../lib/api/import-memory';
import { saveFile } from '../../lib/save-file';
import { memoryFailureText, MemoryFileProblem } from './memory-failure';
import { MemoryFactItem } from './memory-fact-item';
import { memoryTexts } from './memory-texts';
import layout from '../../components/dialog-layout.module.css';
import styles from './memory-dialog.module.css';

export type MemoryDialogProps = {
  agentId: string;
  /** Shows one of the agent's chats; the panel closes first. */
  onOpenChat: (sessionId: string) => void;
  onClose: () => void;
};

type Outcome = { ok: boolean; text: string };
/** A question asked before something is deleted. */
type Question = { kind: 'fact'; fact: MemoryFactView } | { kind: 'all' };

/**
 * What the agent remembers for the viewer: each fact with where it came from, edited in place or deleted, all of
 * them forgotten, exported to a file and imported from one, with the limits. A modal dialog, opened on mount: Escape
 * and a click on the backdrop close it, and the focus returns to its opener.
 */
export default function MemoryDialog({ agentId, onOpenChat, onClose }: MemoryDialogProps) {
  const dialog = useRef<ModalDialogHandle>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const limitsId = useId();
  const queryClient = useQueryClient();
  const key = agentMemoryKey(agentId);
  // Asked anew each time the panel opens: the agent may have remembered something since.
  const memory = useQuery<AgentMemoryList>({ queryKey: key, gcTime: 0 });
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  /** Runs one change at a time; says how it went; true once it succeeded. */
  async function change(action: () => Promise<string>): Promise<boolean> {
    setPending(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await action() });
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: memoryFailureText(error) });
      return false;
    } finally {
      setPending(false);
    }
  }

  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  const save = (fact: MemoryFactView, text: string) =>
    change(async () => {
      queryClient.setQueryData(key, await editMemoryFact(agentId, fact.id, text));
      return memoryTexts.saved;
    });

  const answer = (asked: Question) => {
    setQuestion(null);
    void change(async () => {
      if (asked.kind === 'fact') await deleteMemoryFact(agentId, asked.fact.id);
      else await forgetMemory(agentId);
      await reload();
      return asked.kind === 'fact' ? memoryTexts.deleted : memoryTexts.forgotten;
    }).then(() => titleRef.current?.focus());
  };

  const download = () =>
    void change(async () => {
      const file = await exportMemory(agentId);
      saveFile(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `${agentId}-memory.json`);
      return memoryTexts.exported(file.facts.length);
    });

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void change(async () => {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        throw new MemoryFileProblem(memoryTexts.notJson(file.name));
      }
      const imported = await importMemory(agentId, body);
      await reload();
      return imported.message;
    });
  };

  const openChat = (sessionId: string) => {
    onOpenChat(sessionId);
    dialog.current?.close();
  };

  const list = memory.data;
  return (
    <>
      <ModalDialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} closeOnBackdrop onClose={onClose}>
        <div className={layout.content}>
          <header className={layout.header}>
            <div>
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className={layout.title}>
                {memoryTexts.title}
              </h2>
              {list ? (
                <p id={limitsId} className={layout.muted}>
                  <strong className={styles.limits}>{memoryTexts.limits(list.facts.length, list.maxFacts)}</strong>.{' '}
                  {memoryTexts.factLength(list.maxFactChars)}
                  {list.policy === 'confirm' ? ` ${memoryTexts.asks}` : null}
                </p>
              ) : null}
            </div>
            <Button variant="action" onClick={() => dialog.current?.close()}>
              {memoryTexts.close}
            </Button>
          </header>

          {!list ? (
            memory.isError ? (
              <div className={styles.loadFailed} role="alert">
                <p>
                  {memoryTexts.loadFailed} {memoryFailureText(memory.error)}
                </p>
                <Button variant="action" onClick={() => void memory.refetch()}>
                  {memoryTexts.tryAgain}
                </Button>
              </div>
            ) : (
              <Spinner label={memoryTexts.loading} />
            )
          ) : (
            <>
              <div className={styles.toolbar}>
                <Button variant="compact" disabled={pending} onClick={download}>
                  {memoryTexts.export}
                </Button>
                <Button variant="compact" disabled={pending} onClick={() => fileRef.current?.click()}>
                  {memoryTexts.import}
                </Button>
                <input
                  ref={fileRef}
                  type="file"
                  accept="application/json,.json"
                  aria-label={memoryTexts.importLabel}
                  tabIndex={-1}
                  hidden
                  onChange={upload}
                />
                <Button
                  variant="danger"
                  className={styles.forgetAll}
                  disabled={pending || list.facts.length === 0}
                  onClick={() => setQuestion({ kind: 'all' })}
                >
                  {memoryTexts.forgetAll}
                </Button>
              </div>

              <div className={styles.outcomes}>
                <p role="status" className={styles.outcome}>
                  {outcome?.ok ? outcome.text : ''}
                </p>
                <p role="alert" className={styles.failure}>
                  {outcome && !outcome.ok ? outcome.text : ''}
                </p>
              </div>

              {list.facts.length === 0 ? (
                <p className={layout.muted}>{memoryTexts.empty}</p>
              ) : (
                <ul className={styles.facts} aria-label={memoryTexts.factsLabel} aria-describedby={limitsId}>
                  {list.facts.map((fact) => (
                    <MemoryFactItem
                      key={fact.id}
                      fact={fact}
                      maxChars={list.maxFactChars}
                      busy={pending}
                      onSave={(text) => save(fact, text)}
                      onDelete={() => setQuestion({ kind: 'fact', fact })}
                      onOpenChat={openChat}
                    />
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </ModalDialog>
      {/* Beside the panel, not in it: React would hand the question's close to the panel's onClose too. */}
      {question ? (
        <ConfirmDialog
          message={question.kind === 'fact' ? memoryTexts.confirmDelete : memoryTexts.confirmForgetAll}
          detail={question.kind === 'fact' ? question.fact.text : memoryTexts.forgetAllDetail(list?.facts.length ?? 0)}
          confirmLabel={question.kind === 'fact' ? memoryTexts.delete : memoryTexts.forgetAll}
          onConfirm={() => answer(question)}
          onCancel={() => setQuestion(null)}
        />
      ) : null}
    </>
  );
}
