import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ToolCallStatus } from '@mb/contracts/types/wire/chat-message';
import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import type { DecideToolCall } from './decide-tool-call';
import { ToolCallConfirm } from './tool-call-confirm';
import type { ToolCallFocus } from './tool-call-focus';
import { ToolCallRecordView } from './tool-call-record';
import { ToolCallRunning } from './tool-call-running';
import { toolCallTexts as texts } from './tool-call-texts';
import styles from './tool-call-list.module.css';

type View = (call: ToolCallRecord, decide: DecideToolCall, focus: ToolCallFocus) => ReactNode;

/** Each status of a call, drawn by its own view. */
const views: Record<ToolCallStatus, View> = {
  running: (call) => <ToolCallRunning call={call} />,
  'awaiting-confirmation': (call, decide, focus) => <ToolCallConfirm call={call} decide={decide} focus={focus} />,
  done: (call) => <ToolCallRecordView call={call} status="done" />,
  error: (call) => <ToolCallRecordView call={call} status="error" />,
  denied: (call) => <ToolCallRecordView call={call} status="denied" />,
  cancelled: (call) => <ToolCallRecordView call={call} status="cancelled" />,
};

type ListProps = { calls: ToolCallRecord[]; decide: DecideToolCall; focus: ToolCallFocus };

/**
 * One call's line. The focus comes here when the call's prompt gives way to its answer, and comes back when
 * the line is drawn afresh (the streamed reply replaced by the saved one).
 */
function ToolCallLine({ call, decide, focus }: Omit<ListProps, 'calls'> & { call: ToolCallRecord }) {
  const line = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    if (line.current) focus.restore(call.id, line.current);
  }, [focus, call.id, call.status]);
  return (
    <li ref={line} tabIndex={-1} className={styles.item} data-tool-call={call.id}>
      {views[call.status](call, decide, focus)}
    </li>
  );
}

/** The tools a reply called, in order, each as it stands: running, waiting for the user, or finished. */
export function ToolCallList({ calls, decide, focus }: ListProps) {
  return (
    <ul className={styles.list} aria-label={texts.list}>
      {calls.map((call) => (
        <ToolCallLine key={call.id} call={call} decide={decide} focus={focus} />
      ))}
    </ul>
  );
}
