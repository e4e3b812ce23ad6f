import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { HighlightedText } from '../../../components/highlighted-text';
import { agentsKey, type PublicAgent } from '../../../lib/api/agents';
import { chatSearchKey, MAX_SEARCH_LENGTH, type SearchResponse, type SearchResult } from '../../../lib/api/search';
import styles from './chat-search.module.css';

export const searchTexts = {
  label: 'Search chats',
  placeholder: 'Search chats (Ctrl+K)',
  results: 'Search results',
  searching: 'Searching...',
  failed: 'Search failed. Please try again.',
  none: 'No chats match your search.',
  count: (n: number) => (n === 1 ? '1 result' : `${n} results`),
  thisAgent: (name: string) => `${name} (this agent)`,
  chatMatch: 'Chat title or summary',
  roles: { user: 'You', assistant: 'Assistant' },
} as const;

const DEBOUNCE_MS = 250;

type ChatSearchProps = {
  agentId: string;
  /** Changes when the page asks for the search box (Ctrl/Cmd+K). */
  focusRequest: number;
  /** Whether a search is shown (the panel hides its session list meanwhile). */
  onActiveChange: (active: boolean) => void;
  onOpen: (result: SearchResult) => void;
};

type Group = { agentType: string; results: SearchResult[] };

/** Results in the server's order (this agent's first), gathered per agent. */
function groupByAgent(results: SearchResult[]): Group[] {
  const groups = new Map<string, SearchResult[]>();
  for (const result of results) groups.set(result.agentType, [...(groups.get(result.agentType) ?? []), result]);
  return [...groups].map(([agentType, list]) => ({ agentType, results: list }));
}

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return value ? settled : '';
}

/** The search box of the history panel and what it found, across every chat of every agent. */
export function ChatSearch({ agentId, focusRequest, onActiveChange, onOpen }: ChatSearchProps) {
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim()).slice(0, MAX_SEARCH_LENGTH);
  const active = text.trim() !== '';
  const search = useQuery<SearchResponse>({ queryKey: chatSearchKey(query, agentId), enabled: query !== '' });
  // For the agents' names over their results (cached by the page's router already).
  const agents = useQuery<PublicAgent[]>({ queryKey: agentsKey, enabled: active });

  useEffect(() => onActiveChange(active), [active, onActiveChange]);

  useEffect(() => {
    if (focusRequest > 0) {
      input.current?.focus();
      input.current?.select();
    }
  }, [focusRequest]);

  const nameOf = (agentType: string) => agents.data?.find((agent) => agent.id === agentType)?.display.name ?? agentType;

  const results = search.data?.results;
  const pending = active && (query !== text.trim().slice(0, MAX_SEARCH_LENGTH) || search.isFetching);
  const status = !active
    ? ''
    : search.isError && !pending
      ? searchTexts.failed
      : pending || !results
        ? searchTexts.searching
        : results.length === 0
          ? searchTexts.none
          : searchTexts.count(results.length);

  /** Arrow keys move between the box and the results; Escape clears the search. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-result]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape' && active) {
      event.preventDefault();
      setText('');
      input.current?.focus();
    } else if (event.key === 'ArrowDown' && buttons.length) {
      event.preventDefault();
      buttons[Math.min(at + 1, buttons.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      if (at === 0) input.current?.focus();
      else buttons[at - 1].focus();
    } else if (event.key === 'Enter' && event.target === input.current && buttons.length) {
      event.preventDefault();
      buttons[0].click();
    }
  };

  return (
    <div className={styles.search}>
      <label htmlFor={inputId} className={styles.label}>
        {searchTexts.label}
      </label>
      <input
        ref={input}
        id={inputId}
        className={styles.input}
        type="search"
        value={text}
        placeholder={searchTexts.placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_SEARCH_LENGTH}
        aria-describedby={active ? statusId : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {active ? (
        <p id={statusId} className={styles.status} role="status">
          {search.isError && !pending ? '' : status}
        </p>
      ) : null}
      {active && search.isError && !pending ? (
        <p className={styles.failed} role="alert">
          {searchTexts.failed}
        </p>
      ) : null}
      {active && results && results.length > 0 ? (
        <div ref={list} className={styles.results} role="region" aria-label={searchTexts.results} aria-busy={pending}>
          {groupByAgent(results).map((group) => (
            <section key={group.agentType} className={styles.group} aria-label={nameOf(group.agentType)}>
              <h3 className={styles.groupHeading}>
                {group.agentType === agentId ? searchTexts.thisAgent(nameOf(group.agentType)) : nameOf(group.agentType)}
              </h3>
              <ul className={styles.list}>
                {group.results.map((result) => (
                  <li key={`${result.sessionId}:${result.messageId ?? 'chat'}`}>
                    <button
                      type="button"
                      data-result=""
                      className={styles.result}
                      onClick={() => onOpen(result)}
                      onKeyDown={onKeyDown}
                    >
                      <span className={styles.resultTitle}>{result.sessionTitle}</span>
                      <span className={styles.role}>
                        {result.role ? searchTexts.roles[result.role] : searchTexts.chatMatch}
                      </span>
                      <span className={styles.snippet}>
                        <HighlightedText text={result.snippet} ranges={result.highlights} className={styles.mark} />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
