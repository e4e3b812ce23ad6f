import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ModalDialog, type ModalDialogHandle } from '../../components/modal-dialog';
import { Spinner } from '../../components/spinner/spinner';
import { ApiError } from '../../lib/api-client';
import type { AgentDefinition } from '../../lib/api/agents';
import {
  applyPersona,
  personaChangesKey,
  personaKey,
  resetPersona,
  restorePersona,
  type PersonaApplied,
  type PersonaChanges,
  type PersonaView,
} from '../../lib/api/persona';
import { createSession } from '../../lib/api/sessions';
import { failureCode, wordingOf } from '../../lib/failure-wording';
import { PersonaChangesView } from './changes/persona-changes-view';
import { downloadPersona, personaFileText } from './download-persona';
import { PersonaHistoryList } from './persona-history-list';
import { checkPersonaText, formatProblem } from './validation/persona-problems';
import layout from '../../components/dialog-layout.module.css';
import styles from './persona-dialog.module.css';

// CodeMirror is most of this panel's weight: the rest of the panel shows while it loads.
const PersonaEditor = lazy(() => import('./editor/persona-editor'));

export const personaTexts = {
  title: 'Persona',
  close: 'Close',
  editorLabel: 'Persona in force (JSON)',
  inForceDefault: "This chat uses the agent's default persona.",
  inForceOwn: 'This chat uses a persona of its own.',
  loading: 'Loading persona...',
  loadingEditor: 'Loading editor...',
  loadFailed: 'The persona could not be loaded.',
  tryAgain: 'Try again',
  valid: 'The configuration is valid.',
  invalid: 'This configuration cannot be applied yet:',
  apply: 'Apply',
  reset: 'Reset to agent default',
  showChanges: 'Show changes',
  hideChanges: 'Hide changes',
  download: 'Download persona',
  loadingChanges: 'Loading changes...',
  changesFailed: 'The changes could not be loaded. Please try again.',
  busy: 'A reply is being written: wait for it to finish before changing the persona.',
  applied: 'Applied: the chat now uses this persona.',
  restored: 'Restored: the chat now uses that persona again.',
  wasReset: "Reset: the chat now uses the agent's default persona.",
  newChatTitle: 'New Chat',
  failed: 'Something went wrong. Please try again.',
} as const;

export type PersonaDialogProps = {
  agent: AgentDefinition;
  /** The chat shown; null before its first message (Apply then starts it). */
  sessionId: string | null;
  /** A reply is being written in the chat. */
  busy: boolean;
  /** A persona was applied, restored or reset: the chat shows the agent's confirmation. */
  onApplied: (applied: PersonaApplied) => void;
  onClose: () => void;
};

/** What the server said, plainly: its own sentence for a refusal, the shared words for everything else. */
function failureText(error: unknown): string {
  const wording = wordingOf(failureCode(error));
  if (wording) return wording.text;
  return error instanceof ApiError && error.body ? error.body.message : personaTexts.failed;
}

/** Before a chat's first message there is nothing stored: the agent's own persona is in force. */
const unsavedView = (agent: AgentDefinition): PersonaView => ({
  inForce: agent.persona,
  agentDefault: agent.persona,
  isDefault: true,
  history: [],
});

const afterChange = (view: PersonaView | undefined, applied: PersonaApplied): PersonaView | undefined =>
  view && {
    inForce: applied.session.persona ?? view.agentDefault,
    agentDefault: view.agentDefault,
    isDefault: applied.session.persona === null,
    history: [applied.entry, ...view.history],
  };

/**
 * The persona panel: the persona in force in a JSON editor checked as one types, Apply, Reset to agent
 * default, the changes against the agent's default, a download, and the chat's persona history with
 * Restore. A modal dialog, opened on mount: Escape and a click on the backdrop close it, and focus returns to
 * its opener.
 */
export default function PersonaDialog({ agent, sessionId, busy, onApplied, onClose }: PersonaDialogProps) {
  const dialog = useRef<ModalDialogHandle>(null);
  const titleId = useId();
  const problemsId = useId();
  const changesId = useId();
  const queryClient = useQueryClient();
  // Not kept once the panel closes: a configuration pasted into the composer meanwhile changes both.
  const stored = useQuery<PersonaView>({
    queryKey: personaKey(sessionId ?? ''),
    enabled: sessionId !== null,
    gcTime: 0,
  });
  const view = sessionId === null ? unsavedView(agent) : stored.data;
  const [text, setText] = useState<string | null>(null);
  const [editorVersion, setEditorVersion] = useState(0);
  const [showChanges, setShowChanges] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const changes = useQuery<PersonaChanges>({
    queryKey: personaChangesKey(sessionId ?? ''),
    enabled: showChanges && sessionId !== null,
    gcTime: 0,
  });

  const initialText = view ? personaFileText(view.inForce) : '';
  const check = checkPersonaText(text ?? initialText);
  const locked = pending || busy;

  async function change(action: () => Promise<PersonaApplied>, success: string) {
    setPending(true);
    setOutcome(null);
    try {
      const applied = await action();
      queryClient.setQueryData<PersonaView>(personaKey(applied.session.id), (old) => afterChange(old, applied));
      void queryClient.invalidateQueries({ queryKey: personaChangesKey(applied.session.id) });
      setText(null);
      setEditorVersion((version) => version + 1);
      setOutcome({ ok: true, text: success });
      onApplied(applied);
    } catch (error) {
      setOutcome({ ok: false, text: failureText(error) });
    } finally {
      setPending(false);
    }
  }

  const apply = () => {
    if (!check.ok) return;
    const persona = check.persona;
    void change(async () => {
      const id =
        sessionId ??
        (await createSession({ agentType: agent.id, title: personaTexts.newChatTitle, systemPrompt: null })).id;
      return applyPersona(id, persona);
    }, personaTexts.applied);
  };

  return (
    <ModalDialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} closeOnBackdrop onClose={onClose}>
      <div className={layout.content}>
        <header className={layout.header}>
          <div>
            <h2 id={titleId} className={layout.title}>
              {personaTexts.title}
            </h2>
            {view ? (
              <p className={layout.muted}>{view.isDefault ? personaTexts.inForceDefault : personaTexts.inForceOwn}</p>
            ) : null}
          </div>
          <Button variant="action" onClick={() => dialog.current?.close()}>
            {personaTexts.close}
          </Button>
        </header>

        {!view ? (
          stored.isError ? (
            <div className={styles.loadFailed} role="alert">
              <p>
                {personaTexts.loadFailed} {failureText(stored.error)}
              </p>
              <Button variant="action" onClick={() => void stored.refetch()}>
                {personaTexts.tryAgain}
              </Button>
            </div>
          ) : (
            <Spinner label={personaTexts.loading} />
          )
        ) : (
          <>
            <Suspense fallback={<Spinner label={personaTexts.loadingEditor} />}>
              <PersonaEditor
                key={editorVersion}
                initialText={initialText}
                label={personaTexts.editorLabel}
                describedBy={problemsId}
                onTextChange={setText}
              />
            </Suspense>
            <div id={problemsId} className={styles.problems} aria-live="polite">
              {check.ok ? (
                <p className={styles.valid}>{personaTexts.valid}</p>
              ) : (
                <>
                  <p className={styles.invalid}>{personaTexts.invalid}</p>
                  <ul className={styles.problemList}>
                    {check.problems.map((problem) => (
                      <li key={formatProblem(problem)}>{formatProblem(problem)}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>

            <div className={styles.actions}>
              <Button variant="primary" disabled={locked || !check.ok} onClick={apply}>
                {personaTexts.apply}
              </Button>
              <Button
                variant="action"
                disabled={locked || sessionId === null || view.isDefault}
                onClick={() => sessionId && void change(() => resetPersona(sessionId), personaTexts.wasReset)}
              >
                {personaTexts.reset}
              </Button>
              <Button
                variant="action"
                aria-expanded={showChanges}
                aria-controls={changesId}
                onClick={() => setShowChanges((shown) => !shown)}
              >
                {showChanges ? personaTexts.hideChanges : personaTexts.showChanges}
              </Button>
              <Button variant="action" onClick={() => downloadPersona(agent.id, view.inForce)}>
                {personaTexts.download}
              </Button>
            </div>
            {busy ? <p className={layout.muted}>{personaTexts.busy}</p> : null}
            <div role="status" className={styles.outcome}>
              {outcome?.ok ? outcome.text : null}
            </div>
            <div role="alert" className={styles.failure}>
              {outcome && !outcome.ok ? outcome.text : null}
            </div>

            <div id={changesId} className={styles.changes} hidden={!showChanges}>
              {!showChanges ? null : sessionId === null ? (
                <PersonaChangesView
                  changes={{
                    isDefault: true,
                    summary: 'no changes',
                    role: { changed: false, parts: [] },
                    domains: { added: [], removed: [], changed: [] },
                    guidelines: { added: [], removed: [], changed: [] },
                  }}
                />
              ) : changes.data ? (
                <PersonaChangesView changes={changes.data} />
              ) : changes.isError ? (
                <p role="alert">{personaTexts.changesFailed}</p>
              ) : (
                <Spinner label={personaTexts.loadingChanges} />
              )}
            </div>

            <PersonaHistoryList
              entries={view.history}
              disabled={locked}
              onRestore={(entry) =>
                sessionId && void change(() => restorePersona(sessionId, entry.id), personaTexts.restored)
              }
            />
          </>
        )}
      </div>
    </ModalDialog>
  );
}
