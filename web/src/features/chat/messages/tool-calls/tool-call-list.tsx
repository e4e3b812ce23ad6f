import type { ReactNode } from 'react';
import type { ToolCallStatus } from '@mb/contracts/types/wire/chat-message';
import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import type { DecideToolCall } from './decide-tool-call';
import { ToolCallConfirm } from './tool-call-confirm';
import { ToolCallRecordView } from './tool-call-record';
import { ToolCallRunning } from './tool-call-running';
import { toolCallTexts as texts } from './tool-call-texts';
import styles from './tool-calls.module.css';

type View = (call: ToolCallRecord, decide: DecideToolCall) => ReactNode;

/** Each status of a call, drawn by its own view. */
const views: Record<ToolCallStatus, View> = {
  running: (call) => <ToolCallRunning call={call} />,
  'awaiting-confirmation': (call, decide) => <ToolCallConfirm call={call} decide={decide} />,
  done: (call) => <ToolCallRecordView call={call} status="done" />,
  error: (call) => <ToolCallRecordView call={call} status="error" />,
  denied: (call) => <ToolCallRecordView call={call} status="denied" />,
  cancelled: (call) => <ToolCallRecordView call={call} status="cancelled" />,
};

/** The tools a reply called, in order, each as it stands: running, waiting for the user, or finished. */
export function ToolCallList({ calls, decide }: { calls: ToolCallRecord[]; decide: DecideToolCall }) {
  return (
    <ul className={styles.list} aria-label={texts.list}>
      {calls.map((call) => (
        // The focus comes here when the call's prompt gives way to its answer.
        <li key={call.id} tabIndex={-1} className={styles.item}>
          {views[call.status](call, decide)}
        </li>
      ))}
    </ul>
  );
}
