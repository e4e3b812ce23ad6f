import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { SystemClock } from '../src/common/clock';
import { MessageStore } from '../src/messages/message.store';
import { SessionStore } from '../src/sessions/session.store';
import { toModelMessages } from '../src/turns/run/model-messages';
import { fitContext } from '../src/llm/context/fit-context';
import { MAX_CONTEXT_MESSAGES } from '../src/llm/strategies/reply-strategy';
import { percentile } from './support/bench-kit';
import { onBothDatabases } from './support/on-both-databases';

/**
 * Building a turn's context (issue 11): read the chat's newest messages, then fit them to the model's
 * window with a real tokenizer, for chats of 10, 100 and 1,000 messages of about 80 words each, on both
 * databases; the fitting alone is shown apart. A turn never reads more than MAX_CONTEXT_MESSAGES. Every run
 * after the first finds the texts' token counts cached, as each turn after the first of a chat does.
 */
const SIZES = [10, 100, 1_000];
const RUNS = 100;
const WINDOWS = [128_000, 8_192];
const SYSTEM_PROMPT = 'You are a careful assistant. '.repeat(20);
const MEMORY = 'They planned a garden with raised beds and chose tomatoes, beans and herbs.';

const row = (...cells: string[]) =>
  console.log(cells.map((cell, i) => (i ? cell.padStart(16) : cell.padEnd(34))).join(''));
const cell = (samples: number[]) => `${percentile(samples, 50).toFixed(2)} / ${percentile(samples, 99).toFixed(2)}`;

async function timed(run: () => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    const start = performance.now();
    await run();
    if (i >= 10) samples.push(performance.now() - start);
  }
  return samples;
}

async function onDatabase(label: string, db: DataSource): Promise<void> {
  const store = new SessionStore(db, new SystemClock());
  const messages = new MessageStore(db, new SystemClock());
  console.log('');
  console.log(
    `build a context, ${label}: p50 / p99 in ms over ${RUNS} runs (read the newest ${MAX_CONTEXT_MESSAGES} + fit)`,
  );
  row('messages in the chat', ...WINDOWS.map((w) => `window ${w}`), 'fit alone, 8192');
  for (const size of SIZES) {
    const session = await store.createSession({
      agentType: 'bench',
      title: `chat of ${size}`,
      systemPrompt: null,
      summary: null,
    });
    await db.query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
       SELECT $1, CASE WHEN n % 2 = 0 THEN 'user' ELSE 'assistant' END,
              (SELECT string_agg('word' || n || 'x' || w, ' ') FROM generate_series(1, 80) AS w), n, now()
       FROM generate_series(0, $2::int - 1) AS n`,
      [session.id, size],
    );
    await db.query('ANALYZE');
    const build = (windowTokens: number) => async () => {
      const { items } = await messages.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES });
      return fitContext({
        model: 'bench',
        temperature: 0.7,
        maxTokens: 1500,
        systemPrompt: SYSTEM_PROMPT,
        memory: MEMORY,
        conversation: toModelMessages(items),
        historyLimit: MAX_CONTEXT_MESSAGES,
        windowTokens,
      });
    };
    const conversation = toModelMessages(
      (await messages.listMessages(session.id, { limit: MAX_CONTEXT_MESSAGES })).items,
    );
    const fitOnly = () =>
      fitContext({
        model: 'bench',
        temperature: 0.7,
        maxTokens: 1500,
        systemPrompt: SYSTEM_PROMPT,
        memory: MEMORY,
        conversation,
        historyLimit: MAX_CONTEXT_MESSAGES,
        windowTokens: 8_192,
      });
    const cells: string[] = [];
    for (const window of WINDOWS) cells.push(cell(await timed(build(window))));
    row(String(size), ...cells, cell(await timed(fitOnly)));
  }
}

void onBothDatabases('context', onDatabase);
