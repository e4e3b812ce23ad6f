import { useId, useState, type ReactNode } from 'react';
import { Card } from '../../../../components/card';
import { StrokeIcon } from '../../../../components/stroke-icon';
import { VisuallyHidden } from '../../../../components/visually-hidden';
import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import { formatDuration, toolLabel } from '../../tools/tool-labels';
import { ToolCallStatusIcon } from './tool-call-status-icon';
import { prettyArguments, toolCallTexts as texts, type FinishedStatus } from './tool-call-texts';
import { ToolCallField as Field, ToolCallFields } from './tool-call-fields';
import styles from './tool-call-record.module.css';

/** What a finished call came to, under its arguments. */
const outcomes: Record<FinishedStatus, (call: ToolCallRecord) => ReactNode> = {
  done: (call) => <Field term={texts.result} text={call.result || texts.emptyResult} />,
  error: (call) => (
    <>
      {call.result ? <Field term={texts.result} text={call.result} /> : null}
      <Field term={texts.error} text={call.error ?? texts.status.error} failure />
    </>
  ),
  denied: () => <Field term={texts.result} note={texts.status.denied} />,
  cancelled: () => <Field term={texts.result} note={texts.status.cancelled} />,
};

/** A finished call, compact: its status, tool and time, opening onto its arguments and result. */
export function ToolCallRecordView({ call, status }: { call: ToolCallRecord; status: FinishedStatus }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const said = texts.status[status];
  return (
    <Card size="small" className={styles.record} data-tool-status={status}>
      <button
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <ToolCallStatusIcon status={status} />
        <span className={styles.name}>{toolLabel(call.tool)}</span>
        {status === 'done' ? (
          <VisuallyHidden>{said}</VisuallyHidden>
        ) : (
          <span className={styles.status} data-status={status}>
            {said}
          </span>
        )}
        {call.durationMs !== undefined ? <span className={styles.time}>{formatDuration(call.durationMs)}</span> : null}
        <span className={styles.chevron}>
          <StrokeIcon size={14}>
            <polyline points="6 9 12 15 18 9" />
          </StrokeIcon>
        </span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <ToolCallFields>
          <Field term={texts.arguments} text={prettyArguments(call.arguments)} />
          {outcomes[status](call)}
        </ToolCallFields>
      </div>
    </Card>
  );
}
