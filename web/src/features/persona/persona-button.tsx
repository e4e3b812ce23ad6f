import { lazy, Suspense, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner/spinner';
import type { AgentDefinition } from '../../lib/api/agents';
import type { PersonaApplied } from '../../lib/api/persona';
import styles from './persona-button.module.css';

// The panel and its editor load on first use: the chat page does not carry them.
const PersonaDialog = lazy(() => import('./persona-dialog'));

export type PersonaButtonProps = {
  agent: AgentDefinition;
  /** The chat shown; null before its first message. */
  sessionId: string | null;
  /** A reply is being written in the chat. */
  busy: boolean;
  /** A persona was applied, restored or reset: the chat shows the agent's confirmation. */
  onApplied: (applied: PersonaApplied) => void;
};

/** 'Persona' in a reconfigurable agent's chat: opens the persona panel, and gets focus back when it closes. */
export function PersonaButton({ agent, sessionId, busy, onApplied }: PersonaButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Persona
      </button>
      {open ? (
        <Suspense fallback={<Spinner label="Loading persona..." />}>
          <PersonaDialog agent={agent} sessionId={sessionId} busy={busy} onApplied={onApplied} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
