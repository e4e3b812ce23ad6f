import type { ToolCallRecord } from '../../../../lib/api/tool-decisions';
import { toolLabel } from '../../tools/tool-labels';
import { toolCallTexts as texts } from './tool-call-texts';
import styles from './tool-call-running.module.css';

/** A call the tool is working on: a pulsing dot (still, for reduced motion) and its name. */
export function ToolCallRunning({ call }: { call: ToolCallRecord }) {
  return (
    <p className={styles.running} data-tool-status="running">
      <span className={styles.pulse} aria-hidden="true" />
      {texts.running(toolLabel(call.tool))}
    </p>
  );
}
