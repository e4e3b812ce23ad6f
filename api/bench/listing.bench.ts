import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SystemClock } from '../src/common/clock';
import { MessageStore } from '../src/messages/message.store';
import { ChatMessageEntity } from '../src/sessions/chat-message.entity';
import { ChatSessionEntity } from '../src/sessions/chat-session.entity';
import { SessionStore } from '../src/sessions/session.store';
import { startEmbeddedPostgres } from '../src/database/embedded/embedded-postgres';
import { openDataSource } from '../src/database/open-data-source';
import { newDataDir } from '../test/support/data-dirs';

/**
 * Listing must stay flat as history grows (keyset queries on indexes, no OFFSET):
 * time the first page, a page deep in the history, and the latest messages, at growing sizes,
 * on a fresh embedded database of its own.
 */
const SIZES = [1_000, 10_000, 50_000];
const RUNS = 40;
const PAGE = 50;

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

async function time(run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return p50(samples);
}

async function main(): Promise<void> {
  const dataDir = newDataDir('mb-bench-');
  const embedded = await startEmbeddedPostgres(dataDir);
  const db = await openDataSource(embedded, [ChatSessionEntity, ChatMessageEntity]);
  const store = new SessionStore(db, new SystemClock());
  const messages = new MessageStore(db, new SystemClock());
  const anchor = (await store.createSession({ agentType: 'bench', title: 'anchor', systemPrompt: null, summary: null }))
    .id;

  console.log(`listing p50 over ${RUNS} runs, ${PAGE} per page (embedded PostgreSQL)`);
  console.log('rows      sessions first page   sessions deep page   latest messages');
  let inserted = 0;
  for (const size of SIZES) {
    await db.query(
      `INSERT INTO chat_sessions (id, agent_type, title, created_at, updated_at)
       SELECT gen_random_uuid(), 'bench', 'session ' || n, now(), now() - n * interval '1 second'
       FROM generate_series($1::int, $2::int) AS n`,
      [inserted + 1, size],
    );
    await db.query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
       SELECT $1, 'user', 'message ' || n, n, now() FROM generate_series($2::int, $3::int) AS n`,
      [anchor, inserted, size - 1],
    );
    inserted = size;
    await db.query('ANALYZE');
    const deep = await db.query<{ id: string; updated_at: string }[]>(
      `SELECT id, updated_at FROM chat_sessions ORDER BY updated_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [size - PAGE * 2],
    );
    const after = { id: deep[0].id, updatedAt: new Date(deep[0].updated_at) };
    const first = await time(() => store.listSessions({ agentType: 'bench', limit: PAGE }));
    const deepPage = await time(() => store.listSessions({ agentType: 'bench', limit: PAGE, after }));
    const latest = await time(() => messages.listMessages(anchor, { limit: PAGE }));
    console.log(
      `${String(size).padEnd(9)} ${first.toFixed(2).padStart(8)} ms ${deepPage.toFixed(2).padStart(18)} ms ${latest.toFixed(2).padStart(16)} ms`,
    );
  }
  await db.destroy();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
