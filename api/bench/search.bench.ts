import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { ChatSearchStore } from '../src/history-search/chat-search.store';
import { percentile } from './support/bench-kit';
import { onBothDatabases } from './support/on-both-databases';

/**
 * Searching every chat (issue 13): the whole search statement (match, rank, the given agent first, highlight
 * the 20 answered) at 1k, 10k and 100k messages of English and German chat-like text, 20 messages a chat
 * across four agents, on both databases. Queries range from a word in one message of a thousand to one in
 * about a tenth of the messages (the share of each is printed), so ranking has thousands of rows to order at 100k (the last column). Also prints the plan of
 * the message match, which must use the GIN index.
 */
const SIZES = [1_000, 10_000, 100_000];
const PER_CHAT = 20;
const RUNS = 60;
/** From a word in one message of a thousand to a word in about one of four. */
const QUERIES = ['umbrella', 'raised beds', '"lemon tree"', 'Gärten', 'invoice -draft', 'garden'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length];
const words = (text: string) => text.split(' ');

// Vocabularies of a few hundred words in sentence templates, so each word is in a small share of the chats.
const SUBJECTS = words('we I my neighbour the landlord our team my sister the vet the architect the client my partner');
const VERBS = words(
  'planted compared booked repaired painted ordered cancelled measured cleaned moved checked priced insured ' +
    'watered sketched drafted reviewed scheduled returned replaced tested sanded sealed framed wired',
);
const NOUNS = words(
  'tomatoes beans roses hedge fence roof gutter window boiler radiator sofa bookshelf lamp carpet tiles ' +
    'invoice contract quote mortgage budget spreadsheet ticket passport suitcase camera laptop printer router ' +
    'puppy kitten saddle bicycle scooter kayak tent stove kettle blender oven fridge freezer chimney attic ' +
    'cellar staircase balcony terrace patio pergola shed greenhouse compost mulch seedlings hydrangea lavender',
);
const PLACES = words(
  'garden kitchen bathroom garage office hallway bedroom nursery studio workshop cottage apartment ' +
    'Berlin Lisbon Vienna Madrid Oslo Prague Dublin Zurich Munich Hamburg Lyon Porto Bergen Krakow',
);
const EXTRAS = [
  'in the raised beds behind the house',
  'before the lemon tree needs repotting',
  'as a draft for next week',
  'and the invoice came in higher than expected',
  'after the storm last weekend',
  'because the warranty runs out soon',
  'so we can compare the offers on Friday',
];
const GERMAN = [
  'die Gärten brauchen im Sommer viel Wasser',
  'wir haben Tomaten in die Hochbeete gepflanzt',
  'was kostet ein Flug nach Wien im Mai',
  'der Hund frisst seit dem Umzug kein Trockenfutter mehr',
  'bitte fasse den Vertrag kurz zusammen',
  'die Heizung im Keller macht seltsame Geräusche',
  'kannst du die Angebote für das Dach vergleichen',
  'der Garten hinter dem Haus ist zu schattig für Rosen',
];

const row = (...cells: string[]) =>
  console.log(cells.map((cell, i) => (i ? cell.padStart(17) : cell.padEnd(18))).join(''));

/** Deterministic chat-like text: two to four sentences, German in a fifth of them, a rare word now and then. */
function messageText(n: number): string {
  const h = (k: number) => Math.abs(Math.imul(n + 1, 2654435761) ^ Math.imul(k + 7, 40503)) >>> 0;
  const sentences: string[] = [];
  for (let k = 0; k < 2 + (h(1) % 3); k++) {
    const base = `${pick(SUBJECTS, h(10 + k))} ${pick(VERBS, h(20 + k))} the ${pick(NOUNS, h(30 + k))} in the ${pick(PLACES, h(40 + k))}`;
    sentences.push(h(50 + k) % 4 === 0 ? `${base} ${pick(EXTRAS, h(60 + k))}` : base);
  }
  if (h(70) % 5 === 0) sentences.push(pick(GERMAN, h(71)));
  if (n % 1000 === 0) sentences.push('remember to bring an umbrella');
  return sentences.map((x) => x[0].toUpperCase() + x.slice(1)).join('. ') + '.';
}

async function seed(db: DataSource, from: number, to: number): Promise<void> {
  const texts = Array.from({ length: to - from }, (_, i) => messageText(from + i));
  for (let start = 0; start < texts.length; start += 5_000) {
    const chunk = texts.slice(start, start + 5_000);
    const first = from + start;
    await db.query(
      `INSERT INTO chat_sessions (id, agent_type, title, summary, created_at, updated_at)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid, 'bench-' || (c % 4),
              'chat ' || c, CASE WHEN c % 5 = 0 THEN 'talked about gardens and travel plans' END, now(), now()
         FROM generate_series($1::int / ${PER_CHAT}, ($1::int + $2::int - 1) / ${PER_CHAT}) AS c
       ON CONFLICT (id) DO NOTHING`,
      [first, chunk.length],
    );
    await db.query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex((n - 1) / ${PER_CHAT}), 12, '0'))::uuid,
              CASE WHEN n % 2 = 0 THEN 'user' ELSE 'assistant' END, t.text, (n - 1) % ${PER_CHAT}, now()
         FROM unnest($2::text[]) WITH ORDINALITY AS t(text, i), LATERAL (SELECT $1::int + i::int AS n) AS k`,
      [first, chunk],
    );
  }
}

async function onDatabase(label: string, db: DataSource): Promise<void> {
  const store = new ChatSearchStore(db);
  console.log('');
  console.log(`search every chat, ${label}: p50 / p99 in ms over ${RUNS} runs per query, 20 results`);
  row('messages', ...QUERIES.map((q) => q.slice(0, 16)), 'all queries');
  let seeded = 0;
  for (const size of SIZES) {
    await seed(db, seeded + 1, size + 1);
    seeded = size;
    // What the app's maintenance does on the embedded database, and autovacuum on PostgreSQL.
    await db.query('ANALYZE chat_messages');
    await db.query('ANALYZE chat_sessions');
    const all: number[] = [];
    const cells: string[] = [];
    for (const query of QUERIES) {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const start = performance.now();
        await store.search(query, { preferAgent: 'bench-1', limit: 20 });
        if (i >= 5) samples.push(performance.now() - start);
      }
      all.push(...samples);
      cells.push(`${percentile(samples, 50).toFixed(1)} / ${percentile(samples, 99).toFixed(1)}`);
    }
    row(String(size), ...cells, `${percentile(all, 50).toFixed(1)} / ${percentile(all, 99).toFixed(1)}`);
  }
  const shares = await Promise.all(
    QUERIES.map(async (query) => {
      const [{ n }] = await db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM chat_messages
          WHERE search_vector @@ (websearch_to_tsquery('english', $1) || websearch_to_tsquery('german', $1))`,
        [query],
      );
      return `${((100 * n) / seeded).toFixed(1)} %`;
    }),
  );
  row('messages matching', ...shares);
  const plan = await db.query<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN SELECT id FROM chat_messages
      WHERE search_vector @@ (websearch_to_tsquery('english', 'umbrella') || websearch_to_tsquery('german', 'umbrella'))
        AND NOT streaming`,
  );
  const indexLine = plan.map((line) => line['QUERY PLAN']).find((line) => line.includes('Index'));
  console.log(`plan of the message match: ${indexLine?.trim() ?? 'NO INDEX USED'}`);
}

void onBothDatabases('search', onDatabase);
