import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner/spinner';
import type { AgentDefinition } from '../../lib/api/agents';
import type { PersonaApplied } from '../../lib/api/persona';

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
  /**
   * The panel closed after changing the persona: the chat's toast. Not while the panel is open: the page
   * behind a modal dialog is inert (the toast would not be announced) and Escape, closing the panel,
   * would dismiss the toast as well.
   */
  onClosedAfterChange: () => void;
};

/** 'Persona' in a reconfigurable agent's chat: opens the persona panel, and gets focus back when it closes. */
export function PersonaButton({ agent, sessionId, busy, onApplied, onClosedAfterChange }: PersonaButtonProps) {
  const [open, setOpen] = useState(false);
  const changed = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const applied = (change: PersonaApplied) => {
    changed.current = true;
    onApplied(change);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
    if (changed.current) onClosedAfterChange();
    changed.current = false;
  };

  return (
    <>
      <Button ref={buttonRef} variant="compact" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Persona
      </Button>
      {open ? (
        <Suspense fallback={<Spinner label="Loading persona..." />}>
          <PersonaDialog agent={agent} sessionId={sessionId} busy={busy} onApplied={applied} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
