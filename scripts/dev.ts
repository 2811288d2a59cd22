// `npm run dev`: the local stack (API only) on 54321 and Vite's dev server, which proxies the API paths to it.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'vite';
import { openPostgres } from '../supabase/local/db.ts';
import { openPglite } from '../supabase/local/pgliteThread.ts';
import { readEnv } from '../supabase/local/env.ts';
import { migrate } from '../supabase/local/migrate.ts';
import { projectJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';

const env = readEnv();
const apiPort = Number(process.env.LOCAL_STACK_PORT ?? 54321);
await mkdir(env.dataDir, { recursive: true });
const jwtSecret = await projectJwtSecret(env.dataDir, env.jwtSecret);
const db = env.databaseUrl ? await openPostgres(env.databaseUrl) : await openPglite(join(env.dataDir, 'db'));
await migrate(db);
const vite = await createServer({ server: { port: 5173, strictPort: true } });
const stack = await startStack({
  db,
  jwtSecret,
  storageDir: join(env.dataDir, 'storage'),
  port: apiPort,
  host: env.host,
  siteUrl: 'http://127.0.0.1:5173',
  exposeMailbox: env.exposeMailbox,
  authRateLimits: env.authRateLimits ? undefined : false,
  trustProxy: env.trustProxy,
  apiKeys: env.apiKeys,
});
process.env.LOCAL_STACK_URL = stack.url;
await vite.listen();
console.log(`Local stack: ${stack.url}`);
vite.printUrls();
