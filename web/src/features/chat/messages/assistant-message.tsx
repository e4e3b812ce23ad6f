import { StrokeIcon } from '../../../components/stroke-icon';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { ChatItem } from '../chat-item';
import { CopyButton } from './copy-button';
import { ExchangeVersions } from './exchange-versions';
import { KnowledgeSources } from './knowledge-sources';
import { Markdown } from './markdown';
import { MessageActionButton } from './message-action-button';
import { MessageActions } from './message-actions';
import { MessageBubble } from './message-bubble';
import { MessageSources } from './message-sources';
import type { MessageContext } from './message-context';
import { ReplyDetails } from './reply-details';
import { speakerLabels } from './speaker-labels';
import { ToolCallList } from './tool-calls/tool-call-list';
import styles from './assistant-message.module.css';

const texts = {
  incomplete: 'This reply was interrupted before it was complete.',
  regenerate: 'Regenerate',
} as const;

/** A reply of the assistant, streamed or saved; the last one can be regenerated. */
export function AssistantMessage({
  item,
  context,
}: {
  item: Extract<ChatItem, { kind: 'assistant' }>;
  context: MessageContext;
}) {
  const lastReply = context.exchange?.reply?.key === item.key;
  return (
    <div className={styles.row}>
      <MessageBubble speaker="assistant" data-message-role="assistant" aria-busy={item.streaming || undefined}>
        <VisuallyHidden>{speakerLabels.assistant}: </VisuallyHidden>
        {item.toolCalls?.length ? (
          <ToolCallList calls={item.toolCalls} decide={context.decideToolCall} focus={context.toolCallFocus} />
        ) : null}
        <Markdown text={item.content} />
        {item.sources.length > 0 ? <MessageSources sources={item.sources} /> : null}
        {item.provenance?.knowledge?.sources.length ? (
          <KnowledgeSources sources={item.provenance.knowledge.sources} />
        ) : null}
        {item.incomplete ? <p className={styles.incomplete}>{texts.incomplete}</p> : null}
      </MessageBubble>
      {!item.streaming && (item.content || item.usage || item.provenance) ? (
        <MessageActions>
          {item.content ? <CopyButton text={item.content} copiedToast={context.copyToast} /> : null}
          {lastReply && context.actions?.enabled ? (
            <MessageActionButton data-exchange-action="regenerate" onClick={context.actions.onRegenerate}>
              <StrokeIcon size={14}>
                <path d="M21 12a9 9 0 1 1-2.64-6.36" />
                <polyline points="21 3 21 9 15 9" />
              </StrokeIcon>
              <span>{texts.regenerate}</span>
            </MessageActionButton>
          ) : null}
          {lastReply ? <ExchangeVersions context={context} /> : null}
          {item.usage || item.provenance ? (
            <ReplyDetails
              usage={item.usage}
              provenance={item.provenance}
              sources={item.sources.length + (item.provenance?.knowledge?.sources.length ?? 0)}
            />
          ) : null}
        </MessageActions>
      ) : null}
    </div>
  );
}
