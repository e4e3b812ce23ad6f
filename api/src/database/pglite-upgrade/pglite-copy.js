// @ts-check
/**
 * Copies every row of an embedded database written by an earlier version (PGlite) into the PostgreSQL server
 * that replaces it. A child process of pglite-upgrade.ts, so that PGlite's memory (700-900 MB) is the
 * operating system's again when the copy ends. Plain JavaScript, because Node loads it itself: this one file
 * serves the built server (api/dist) and the tests (api/src) alike.
 *
 * The conversation: the parent sends the options; this answers with the migrations the old database had run;
 * the parent runs exactly those on the new server and says "schema-ready"; this copies the rows in one
 * transaction and answers with each table's counts.
 *
 * @typedef {{ pgliteDir: string, connection: import('pg').ClientConfig }} CopyOptions
 * @typedef {{ table: string, before: number, after: number }} TableCopy
 */
const { PGlite } = require('@electric-sql/pglite');
const { Client } = require('pg');

const BATCH_ROWS = 500;
/** @param {string} name */
const ident = (name) => `"${name.replace(/"/g, '""')}"`;

/** @param {object} message */
function send(message) {
  process.send?.(message);
}

/** @returns {Promise<any>} */
const nextMessage = () => new Promise((resolve) => process.once('message', resolve));

/** Sequences take the larger of the old sequence's value and the highest value in their column. */
const OWNED_SEQUENCES = `
  SELECT seq.relname AS sequence, tab.relname AS table, col.attname AS column
  FROM pg_class seq
  JOIN pg_depend dep ON dep.objid = seq.oid AND dep.deptype IN ('a', 'i')
  JOIN pg_class tab ON tab.oid = dep.refobjid
  JOIN pg_attribute col ON col.attrelid = tab.oid AND col.attnum = dep.refobjsubid
  JOIN pg_namespace ns ON ns.oid = seq.relnamespace
  WHERE seq.relkind = 'S' AND ns.nspname = 'public'`;

/**
 * @param {PGlite} old
 * @param {Client} target
 * @param {string} table
 * @returns {Promise<TableCopy>}
 */
async function copyTable(old, target, table) {
  const columns = (
    await old.query(
      `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
       AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [`public.${ident(table)}`],
    )
  ).rows.map((row) => ident(/** @type {{ attname: string }} */ (row).attname));
  const list = columns.join(', ');
  const qualified = `public.${ident(table)}`;
  const count = async (/** @type {{ query: Function }} */ db) =>
    Number((await db.query(`SELECT count(*)::int AS n FROM ${qualified}`)).rows[0].n);
  const before = await count(old);
  await old.transaction(async (tx) => {
    await tx.query(
      `DECLARE old_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS row FROM (SELECT ${list} FROM ${qualified}) r`,
    );
    for (;;) {
      const rows = (await tx.query(`FETCH ${BATCH_ROWS} FROM old_rows`)).rows.map(
        (row) => /** @type {{ row: string }} */ (row).row,
      );
      if (rows.length === 0) break;
      await target.query(
        `INSERT INTO ${qualified} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${qualified}, $1::json)`,
        [`[${rows.join(',')}]`],
      );
    }
  });
  return { table, before, after: await count(target) };
}

/** @param {PGlite} old @param {Client} target */
async function setSequences(old, target) {
  const owned = /** @type {{ sequence: string, table: string, column: string }[]} */ (
    (await target.query(OWNED_SEQUENCES)).rows
  );
  for (const { sequence, table, column } of owned) {
    const previous = await old
      .query(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS value FROM public.${ident(sequence)}`)
      .then((result) => Number(/** @type {{ value: string }} */ (result.rows[0]).value))
      .catch(() => 0);
    const highest = Number(
      (await target.query(`SELECT COALESCE(max(${ident(column)}), 0)::bigint AS value FROM public.${ident(table)}`))
        .rows[0].value,
    );
    const value = Math.max(previous, highest);
    if (value > 0) await target.query('SELECT setval($1::regclass, $2)', [`public.${ident(sequence)}`, value]);
  }
}

async function main() {
  /** @type {CopyOptions} */
  const options = await nextMessage();
  const old = await PGlite.create(options.pgliteDir);
  const target = new Client(options.connection);
  try {
    const migrations = (await old.query('SELECT name FROM migrations ORDER BY id')).rows.map(
      (row) => /** @type {{ name: string }} */ (row).name,
    );
    send({ kind: 'migrations', names: migrations });
    if ((await nextMessage()) !== 'schema-ready') return;

    await target.connect();
    const tables = (
      await old.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename",
      )
    ).rows.map((row) => /** @type {{ tablename: string }} */ (row).tablename);
    await target.query('BEGIN');
    // Rows go in table by table: foreign keys are checked by the counts below instead of row by row.
    await target.query('SET LOCAL session_replication_role = replica');
    /** @type {TableCopy[]} */
    const copies = [];
    for (const table of tables) copies.push(await copyTable(old, target, table));
    await setSequences(old, target);
    await target.query('COMMIT');
    send({ kind: 'copied', tables: copies });
  } finally {
    await target.end().catch(() => undefined);
    await old.close().catch(() => undefined);
  }
}

main().then(
  () => process.disconnect?.(),
  (error) => {
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.disconnect?.();
  },
);
