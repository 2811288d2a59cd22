// The users table of /moderation over 100,000 generated members: moderation_users() through the local stack's REST
// endpoint as an admin, as the panel calls it (supabase-js rpc), for several search words and for the unfiltered
// list's first and later pages. Goal: p50 under 20 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../supabase/local/db.ts';
import { openGenerated } from './generatedDatabase.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { memberClient } from './memberClient.ts';
import { measure, printTable } from './stats.ts';

export interface ModerationUsersOptions {
  members: number;
  /** Accounts inserted per statement. */
  batch: number;
  /** Calls per case; MODERATION_USERS_RUNS overrides the default for a quick look. */
  runs: number;
}

const DEFAULTS: ModerationUsersOptions = {
  members: 100_000,
  batch: 10_000,
  runs: Number(process.env.MODERATION_USERS_RUNS ?? 200),
};
const GOAL_MS = 20;

const ADJECTIVES = ['bold', 'calm', 'dark', 'eager', 'fast', 'gold', 'happy', 'icy', 'jolly', 'kind', 'lucky'];
const NOUNS = ['miner', 'whale', 'stark', 'node', 'king', 'quiet', 'hodler', 'trader', 'falcon', 'oracle', 'rover'];

interface UserRow {
  id: string;
  created_at: string;
}

/** Accounts straight into auth.users in batches (the sign-up trigger makes their profiles), joined over 3 years. */
async function generateMembers(db: Db, { members, batch }: ModerationUsersOptions) {
  for (let from = 1; from <= members; from += batch) {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'holder' || n || '@mail' || (n % 97) || '.test', '', now(), '', '', '', '',
         '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('username', ($3::text[])[1 + n % 11] || '_' || ($4::text[])[1 + (n / 11) % 11] || '_' || n),
         now() - make_interval(mins => n * 15), now()
       from generate_series($1::int, $2::int) as n`,
      [from, Math.min(from + batch - 1, members), ADJECTIVES, NOUNS],
    );
  }
  await db.exec('analyze public.profiles');
}

export async function benchModerationUsers(options: Partial<ModerationUsersOptions> = {}) {
  const sizes = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-moderation-'));
  // Generated once, then copied (bench/generatedDatabase.ts).
  const { db, generatedMs } = await openGenerated({
    name: `members-${sizes.members}-${sizes.batch}`,
    source: new URL(import.meta.url),
    generate: (fresh) => generateMembers(fresh, sizes),
  });
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir });
  try {
    const adminId = (await db.query<{ id: string }>(`select id from public.profiles where role = 'admin' limit 1`))
      .rows[0]!.id;
    const client = await memberClient(stack, adminId);
    const call = async (args: Record<string, unknown>) => {
      const { data, error } = await client.rpc('moderation_users', args);
      if (error) throw new Error(`moderation_users failed: ${error.message}`);
      return data as UserRow[];
    };
    const firstPage = await call({});
    const tenth = await (async () => {
      let page = firstPage;
      for (let i = 1; i < 10; i += 1) {
        const last = page[page.length - 1]!;
        page = await call({ after_created_at: last.created_at, after_id: last.id });
      }
      return page[page.length - 1]!;
    })();
    const cases: [string, Record<string, unknown>][] = [
      ['no search, first page', {}],
      ['no search, page 11 (keyset)', { after_created_at: tenth.created_at, after_id: tenth.id }],
      ['"whale" (1 in 11 usernames)', { search: 'whale' }],
      ['"stark_9" (a few hundred)', { search: 'stark_9' }],
      ['"holder77777@" (one email)', { search: 'holder77777@' }],
      ['"mail13.test" (1 in 97 emails)', { search: 'mail13.test' }],
      ['"zzzz" (no match)', { search: 'zzzz' }],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, args] of cases) {
      const found = (await call(args)).length;
      await measure(() => call(args), 20, 1); // warm-up
      const sample = await measure(() => call(args), sizes.runs, 1);
      rows.push([name, found, sample.p50, sample.p99, sample.p50 < GOAL_MS ? 'yes' : 'NO']);
    }
    printTable(
      `Moderation users search: moderation_users() over REST as an admin, ${sizes.members.toLocaleString('en')} members ` +
        `(PGlite, ${sizes.runs} calls each, ${generatedMs === undefined ? 'copied' : `generated in ${(generatedMs / 1000).toFixed(0)} s`})`,
      ['case', 'rows', 'p50 ms', 'p99 ms', `p50 < ${GOAL_MS} ms`],
      rows,
    );
  } finally {
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
