import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Card } from '../../../../components/card';
import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import { toolLabel } from '../../tools/tool-labels';
import type { DecideToolCall } from './decide-tool-call';
import type { ToolCallFocus } from './tool-call-focus';
import { prettyArguments, toolCallTexts as texts } from './tool-call-texts';
import { ToolCallField, ToolCallFields } from './tool-call-fields';
import styles from './tool-call-confirm.module.css';

/** Where the user's answer is: sending it (until the call's next event replaces the prompt), or not taken. */
type Decision = { state: 'open' } | { state: 'sending'; allow: boolean } | { state: 'not-waiting' | 'not-sent' };

const settledNotes = { open: '', 'not-waiting': texts.notWaiting, 'not-sent': texts.notSent } as const;

const noteOf = (decision: Decision): string =>
  decision.state === 'sending' ? (decision.allow ? texts.allowing : texts.denying) : settledNotes[decision.state];

/** True while the user types in a field: the prompt is then announced, not given the focus. */
function typing(): boolean {
  const active = document.activeElement;
  return (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) && active.value !== '';
}

/**
 * A call the agent's file wants confirmed: the tool and its arguments, Allow and Deny. It takes the focus
 * when it appears (so a screen reader reads it), and gives it to the call's line when the answer replaces it.
 */
export function ToolCallConfirm({
  call,
  decide,
  focus,
}: {
  call: ToolCallRecord;
  decide: DecideToolCall;
  focus: ToolCallFocus;
}) {
  const [decision, setDecision] = useState<Decision>({ state: 'open' });
  const prompt = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const label = toolLabel(call.tool);
  const sending = decision.state === 'sending';

  useEffect(() => {
    if (!typing()) prompt.current?.focus();
  }, []);
  // Runs before the prompt leaves the page: the focus must not fall back to the page's start, but to the call's line.
  useLayoutEffect(() => {
    const element = prompt.current;
    return () => {
      if (element?.contains(document.activeElement)) focus.hold(call.id);
    };
  }, [focus, call.id]);

  const answer = async (allow: boolean) => {
    if (sending) return;
    setDecision({ state: 'sending', allow });
    try {
      const { accepted } = await decide(call.id, allow);
      if (!accepted) setDecision({ state: 'not-waiting' });
    } catch {
      setDecision({ state: 'not-sent' });
    }
  };

  const note = noteOf(decision);
  return (
    <Card
      ref={prompt}
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      size="small"
      accent
      className={styles.prompt}
      data-tool-status={call.status}
    >
      <p id={titleId} className={styles.title}>
        {texts.ask(label)}
      </p>
      <ToolCallFields>
        <ToolCallField term={texts.arguments} text={prettyArguments(call.arguments)} />
      </ToolCallFields>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.allow}
          aria-disabled={sending || undefined}
          onClick={() => void answer(true)}
        >
          {texts.allow}
        </button>
        <button
          type="button"
          className={styles.deny}
          aria-disabled={sending || undefined}
          onClick={() => void answer(false)}
        >
          {texts.deny}
        </button>
      </div>
      <p role="status" className={decision.state === 'not-sent' ? `${styles.note} ${styles.noteFailed}` : styles.note}>
        {note}
      </p>
    </Card>
  );
}
