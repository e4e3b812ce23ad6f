import type { ChatItem } from '../../chat-item';
import { toolLabel } from '../../tools/tool-labels';
import { toolCallTexts as texts } from './tool-call-texts';
import { VisuallyHidden } from '../../../../components/visually-hidden';

/** Says which tools wait for the user's permission (the conversation log itself is quiet). */
export function ToolPromptAnnouncement({ items }: { items: ChatItem[] }) {
  const waiting = items.flatMap((item) =>
    item.kind === 'assistant' ? (item.toolCalls ?? []).filter((call) => call.status === 'awaiting-confirmation') : [],
  );
  return (
    <VisuallyHidden role="status">
      {waiting.map((call) => texts.waiting(toolLabel(call.tool))).join(' ')}
    </VisuallyHidden>
  );
}
