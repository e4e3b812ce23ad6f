import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner/spinner';
import type { AgentDefinition } from '../../lib/api/agents';
import { memoryTexts } from './memory-texts';

// The panel loads on first use: the chat page does not carry it.
const MemoryDialog = lazy(() => import('./memory-dialog'));

export type MemoryButtonProps = {
  agent: AgentDefinition;
  /** Shows one of the agent's chats (where a fact came from). */
  onOpenChat: (sessionId: string) => void;
};

/** 'Memory' in the chat of an agent with memory: opens the memory panel, and gets the focus back when it closes. */
export function MemoryButton({ agent, onOpenChat }: MemoryButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <Button ref={buttonRef} variant="compact" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {memoryTexts.button}
      </Button>
      {open ? (
        <Suspense fallback={<Spinner label={memoryTexts.loading} />}>
          <MemoryDialog agentId={agent.id} onOpenChat={onOpenChat} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
