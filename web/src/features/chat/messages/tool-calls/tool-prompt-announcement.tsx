import type { ChatItem } from '../../conversation/conversation-state';
import { toolLabel } from '../../tools/tool-labels';
import { toolCallTexts as texts } from './tool-call-texts';
import styles from '../message-list.module.css';

/** Says which tools wait for the user's permission (the conversation log itself is quiet). */
export function ToolPromptAnnouncement({ items }: { items: ChatItem[] }) {
  const waiting = items.flatMap((item) =>
    item.kind === 'assistant' ? (item.toolCalls ?? []).filter((call) => call.status === 'awaiting-confirmation') : [],
  );
  return (
    <div role="status" className={styles.srOnly}>
      {waiting.map((call) => texts.waiting(toolLabel(call.tool))).join(' ')}
    </div>
  );
}
