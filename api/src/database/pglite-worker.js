// @ts-check
/**
 * The embedded database's own thread: PGlite and the socket server the app's `pg` pool connects to,
 * so queries run beside the event loop that relays replies instead of on it. Started by
 * embedded-postgres.ts. Plain JavaScript because a worker thread loads its file with Node's own
 * loader: this one file serves the built server (api/dist) and the tests (api/src) alike.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');

/**
 * @typedef {{ dataDir: string, socketPath: string, maxConnections: number }} WorkerOptions
 * @typedef {{ kind: 'ready' } | { kind: 'failed', message: string }} WorkerReport
 */

const { messageOf } = require('./failure-message');

async function main() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.js runs as a worker thread');
  /** @type {WorkerOptions} */
  const options = workerData;
  /** @type {(report: WorkerReport) => void} */
  const report = (message) => port.postMessage(message);
  /** @type {PGlite | undefined} */
  let db;
  try {
    db = await PGlite.create(options.dataDir);
    const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: options.maxConnections });
    await server.start();
    const opened = db;
    port.once('message', () => {
      // The only message is "stop": close connections, then the database, then let the thread end.
      void server
        .stop()
        .then(() => opened.close())
        .finally(() => port.close());
    });
    report({ kind: 'ready' });
  } catch (error) {
    await db?.close().catch(() => undefined);
    report({ kind: 'failed', message: messageOf(error) });
    port.close();
  }
}

void main();
