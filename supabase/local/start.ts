// `npm start`: open the database, migrate and seed it, then serve the built app and the local stack on one origin.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openPostgres } from './db.ts';
import { openPglite } from './pgliteThread.ts';
import { readEnv } from './env.ts';
import { migrate } from './migrate.ts';
import { startStack } from './server.ts';

const env = readEnv();
await mkdir(env.dataDir, { recursive: true });
const db = env.databaseUrl ? await openPostgres(env.databaseUrl) : await openPglite(join(env.dataDir, 'db'));
const { applied, seeded } = await migrate(db);
if (applied.length) console.log(`Applied ${applied.length} migration(s)${seeded ? ' and the seed data' : ''}.`);
const stack = await startStack({
  db,
  jwtSecret: env.jwtSecret,
  storageDir: join(env.dataDir, 'storage'),
  port: env.port,
  host: env.host,
  siteUrl: env.siteUrl,
  staticDir: resolve('dist'),
});
console.log(`GuapCoin Forum is running at ${stack.url}`);
console.log(`Local mailbox: ${stack.url}/local/mail`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
