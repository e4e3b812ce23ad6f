import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MessageProvenance, MessageUsage } from '../../../lib/api/sessions';
import { Card } from '../../../components/card';
import { StrokeIcon } from '../../../components/stroke-icon';
import { formatDuration, toolLabel } from '../tools/tool-labels';
import { sourceLabel } from './knowledge-sources';
import { MessageActionButton } from './message-action-button';
import styles from './reply-details.module.css';

const count = new Intl.NumberFormat('en');

const texts = {
  label: 'Reply details',
  button: 'Details',
  model: 'Model',
  strategy: 'Strategy',
  fallbacks: 'Fell back from',
  retries: 'Retries',
  search: 'Web search',
  sources: 'Sources',
  seen: 'Messages seen',
  omitted: 'Messages left out',
  persona: 'Persona',
  attachments: 'Attachments read',
  attachmentTokens: (tokens: number) => `${count.format(tokens)} tokens`,
  toolCalls: 'Tool calls',
  toolOutcome: (ok: boolean) => (ok ? 'ok' : 'failed'),
  toolsUnavailable: 'Tools unavailable',
  toolStepsEnded: 'Tool use ended',
  knowledge: 'Knowledge',
  knowledgeRead: (read: 'whole' | 'passages', tokens: number) =>
    `${read === 'whole' ? 'read whole' : 'read by passages'}, ${count.format(tokens)} tokens`,
  passages: 'Passages given',
  passage: (score: number, tokens: number) => `score ${score}, ${count.format(tokens)} tokens`,
  knowledgeNotes: 'Knowledge notes',
  memory: 'Memory',
  memoryRead: (facts: number, total: number, tokens: number) =>
    `${count.format(facts)} of ${count.format(total)} ${total === 1 ? 'fact' : 'facts'} given, ${count.format(tokens)} tokens`,
  tokens: 'Tokens',
  estimated: 'estimated',
} as const;

/** "1,234 in / 56 out", "(estimated)" when our tokenizer counted them. */
export const tokensText = (usage: MessageUsage) =>
  `${count.format(usage.promptTokens)} in / ${count.format(usage.completionTokens)} out` +
  (usage.estimated ? ` (${texts.estimated})` : '');

type Row = readonly [term: string, value: ReactNode];

/** Each file the model read for the reply: its name, how much of it, and the tokens it took. */
function AttachmentsRead({ attachments }: { attachments: NonNullable<MessageProvenance['attachments']> }) {
  return (
    <ul className={styles.list}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <span className={styles.name}>{attachment.name}</span>: {attachment.read} (
          {texts.attachmentTokens(attachment.tokens)})
        </li>
      ))}
    </ul>
  );
}

/** Each tool the model called for the reply: which, how long it took, and whether it answered. */
function ToolCallsMade({ toolCalls }: { toolCalls: NonNullable<MessageProvenance['toolCalls']> }) {
  return (
    <ul className={styles.list}>
      {toolCalls.map((call, index) => (
        <li key={index}>
          <span className={styles.name}>{toolLabel(call.tool)}</span>: {formatDuration(call.durationMs)},{' '}
          <span className={call.ok ? undefined : styles.failed}>{texts.toolOutcome(call.ok)}</span>
        </li>
      ))}
    </ul>
  );
}

type KnowledgeRead = NonNullable<MessageProvenance['knowledge']>;

/** Every passage of the agent's files the model was given, in document order, with its score and tokens. */
function PassagesGiven({ passages }: { passages: KnowledgeRead['passages'] }) {
  return (
    <ul className={styles.list}>
      {passages.map((passage, index) => (
        <li key={index}>
          <span className={styles.name}>{sourceLabel(passage)}</span>: {texts.passage(passage.score, passage.tokens)}
        </li>
      ))}
    </ul>
  );
}

/** What the reader must know of what was read (a table given in part, a file not read). */
function KnowledgeNotes({ notes }: { notes: string[] }) {
  return (
    <ul className={styles.list}>
      {notes.map((note, index) => (
        <li key={index}>{note}</li>
      ))}
    </ul>
  );
}

function knowledgeRows(knowledge: KnowledgeRead | undefined): (Row | false)[] {
  if (!knowledge) return [];
  return [
    [texts.knowledge, texts.knowledgeRead(knowledge.read, knowledge.tokens)],
    knowledge.passages.length > 0 && [texts.passages, <PassagesGiven key="passages" passages={knowledge.passages} />],
    knowledge.notes.length > 0 && [texts.knowledgeNotes, <KnowledgeNotes key="notes" notes={knowledge.notes} />],
  ];
}

function rows(provenance: MessageProvenance | undefined, usage: MessageUsage | undefined, sources: number): Row[] {
  const all: (Row | false)[] = provenance
    ? [
        [texts.model, provenance.model],
        [texts.strategy, provenance.strategy],
        provenance.fallbacks.length > 0 && [texts.fallbacks, provenance.fallbacks.join(', ')],
        [texts.retries, provenance.retries],
        provenance.searchQuery !== undefined && [texts.search, provenance.searchQuery],
        [texts.sources, sources],
        [texts.seen, provenance.contextMessages],
        [texts.omitted, provenance.omittedMessages],
        [texts.persona, provenance.personaHash],
        (provenance.attachments?.length ?? 0) > 0 && [
          texts.attachments,
          <AttachmentsRead key="attachments" attachments={provenance.attachments ?? []} />,
        ],
        (provenance.toolCalls?.length ?? 0) > 0 && [
          texts.toolCalls,
          <ToolCallsMade key="tool-calls" toolCalls={provenance.toolCalls ?? []} />,
        ],
        provenance.toolsUnavailable !== undefined && [texts.toolsUnavailable, provenance.toolsUnavailable],
        provenance.toolStepsEnded !== undefined && [texts.toolStepsEnded, provenance.toolStepsEnded],
        ...knowledgeRows(provenance.knowledge),
        provenance.memory !== undefined && [
          texts.memory,
          texts.memoryRead(provenance.memory.facts, provenance.memory.total, provenance.memory.tokens),
        ],
      ]
    : [];
  if (usage) all.push([texts.tokens, tokensText(usage)]);
  return all.filter((row): row is Row => row !== false);
}

type ReplyDetailsProps = { provenance?: MessageProvenance; usage?: MessageUsage; sources: number };

/**
 * What produced a saved reply and what it cost, behind a small button beside Copy: a disclosure
 * (Escape closes it and focus goes back to the button).
 */
export function ReplyDetails({ provenance, usage, sources }: ReplyDetailsProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    // Opened under the last reply, the panel would start below the fold: bring it in, scrolling no more than needed.
    panel.current?.scrollIntoView({ block: 'nearest' });
    // From the button, the panel, or nowhere in particular (after a click on the panel's text).
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as Node;
      const ours = target === document.body || button.current?.contains(target) || panel.current?.contains(target);
      if (event.key !== 'Escape' || !ours) return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <MessageActionButton
        ref={button}
        aria-label={texts.label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <StrokeIcon size={14}>
          <circle cx="12" cy="12" r="10" />
          <path d="M12 16v-4M12 8h.01" />
        </StrokeIcon>
        <span>{texts.button}</span>
      </MessageActionButton>
      <Card
        ref={panel}
        id={panelId}
        role="group"
        size="small"
        className={styles.panel}
        aria-label={texts.label}
        hidden={!open}
      >
        <dl>
          {rows(provenance, usage, sources).map(([term, value]) => (
            <div key={term} className={styles.row}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}
