// The PGlite database on its own thread (see pgliteThread.ts). Plain JavaScript: Node 20 cannot load a .ts file in a
// worker thread, and neither tsx's nor Vitest's loader reaches one.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The extensions the migrations create, as hosted Supabase offers them (trigram search of the moderation panel).
const db = new PGlite(workerData.dataDir, { extensions: { pg_trgm } });
await db.waitReady;

/** The statement_timeout the next statement runs under, as Postgres shows it ('3s', '0'). */
async function statementTimeout() {
  try {
    return (await db.query("select current_setting('statement_timeout') as t")).rows[0].t;
  } catch {
    // Only a failed transaction refuses this read, and there the next statement fails or ends it at once.
    return '0';
  }
}

/** A database error as plain fields, since a worker message carries an Error's message but not its code. */
function errorFields(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

/** The channels this thread listens on, each with how to stop (pgliteThread.ts listens again on a new thread). */
const listening = new Map();

async function run({ op, sql, params }) {
  // Idempotent: a new thread may be told to listen both as it starts and by the listen that started it.
  if (op === 'listen') {
    if (listening.has(sql)) return { rows: [] };
    const notify = (payload) => parentPort.postMessage({ notification: { channel: sql, payload } });
    listening.set(sql, await db.listen(sql, notify));
    return { rows: [] };
  }
  if (op === 'unlisten') {
    await listening.get(sql)?.();
    listening.delete(sql);
    return { rows: [] };
  }
  if (op === 'close') {
    await db.close();
    return { rows: [] };
  }
  if (op === 'exec') {
    await db.exec(sql);
    return { rows: [] };
  }
  const result = await db.query(sql, params);
  return { rows: result.rows, affectedRows: result.affectedRows };
}

// One message at a time: the main thread sends the next only after this one has answered.
parentPort.on('message', async (message) => {
  // The main thread stops the statement by ending this thread when it runs past this; nothing inside PGlite can.
  parentPort.postMessage({ id: message.id, started: await statementTimeout() });
  try {
    parentPort.postMessage({ id: message.id, done: await run(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, failed: errorFields(error) });
  }
});
parentPort.postMessage({ ready: true });
