// The posting limits under parallel requests: a member sends many threads, replies or messages at once
// through the local stack with the database's default limits, and no more than the limit may land. On PostgreSQL
// (DATABASE_URL, the hosted shape, where requests run side by side), else on PGlite. Goal: 0 accepted over the limit.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openPostgres, type Db } from '../supabase/local/db.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';
import { createMigratedPostgres, openMigratedPglite, withAdmin } from '../tests/support/migratedDatabase.ts';
import { memberClient } from './memberClient.ts';
import { printTable } from './stats.ts';

export interface ParallelLimitsOptions {
  /** Members per kind, each sending one burst. */
  runs: number;
  /** Requests in one burst. */
  threads: number;
  replies: number;
  messages: number;
}

const DEFAULTS: ParallelLimitsOptions = { runs: 5, threads: 30, replies: 30, messages: 40 };

async function openDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await openMigratedPglite('bare'), drop: async () => undefined };
  const name = `guap_bench_limits_${process.pid}`;
  const db = await openPostgres(await createMigratedPostgres(url, name, 'bare'));
  const drop = () => withAdmin(url, (a) => a.query(`drop database if exists ${name} with (force)`)).then(() => {});
  return { db, drop };
}

/** A member straight into auth.users (the sign-up trigger makes the profile), `ageS` old, with a signed-in client. */
async function member(db: Db, stack: Stack, ageS: number): Promise<{ id: string; client: SupabaseClient }> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '',
       now(), '', '', '', '', '{"provider": "email"}', jsonb_build_object('username', $3::text), now(), now())`,
    [id, `${id}@bench.test`, `bench_${id.slice(0, 8)}`],
  );
  if (ageS > 0) {
    await db.transaction(async (tx) => {
      // created_at is kept by trigger on update: set it with triggers off, for this transaction only.
      await tx.exec('set local session_replication_role = replica');
      await tx.query(`update public.profiles set created_at = now() - make_interval(secs => $2) where id = $1`, [
        id,
        ageS,
      ]);
    });
  }
  return { id, client: await memberClient(stack, id) };
}

export async function benchParallelLimits(options: Partial<ParallelLimitsOptions> = {}) {
  const sizes = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-limits-'));
  const { db, drop } = await openDb();
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir });
  try {
    await db.query(`insert into public.categories (name, slug, type, order_index) values ('B', 'b', 'guapcoin', 1)`);
    const limits = (
      await db.query<{ new_account_threads: number; messages_per_day: number }>(
        'select new_account_threads, messages_per_day from public.forum_limits',
      )
    ).rows[0]!;
    const category = (await db.query<{ id: string }>('select id from public.categories limit 1')).rows[0]!.id;
    const owner = await member(db, stack, 0);
    const thread = randomUUID();
    await db.query(
      `insert into public.threads (id, slug, title, category_id, author_id)
       values ($1, $2, 'Bench thread', $3, $4)`,
      [thread, `bench-${thread}`, category, owner.id],
    );
    const kinds = [
      {
        name: `threads, new account (limit ${limits.new_account_threads})`,
        limit: limits.new_account_threads,
        requests: sizes.threads,
        ageS: 0,
        send: (m: { id: string; client: SupabaseClient }) => {
          const id = randomUUID();
          return m.client
            .from('threads')
            .insert({ id, slug: `t-${id}`, title: 'Parallel', category_id: category, author_id: m.id });
        },
      },
      {
        name: 'replies (1 per 5 s)',
        limit: 1,
        requests: sizes.replies,
        ageS: 2 * 86400,
        send: (m: { id: string; client: SupabaseClient }) =>
          m.client.from('posts').insert({ thread_id: thread, author_id: m.id, content: 'Parallel', type: 'reply' }),
      },
      {
        name: `messages (limit ${limits.messages_per_day} a day)`,
        limit: limits.messages_per_day,
        requests: sizes.messages,
        ageS: 2 * 86400,
        send: (m: { id: string; client: SupabaseClient }) =>
          m.client
            .from('messages')
            .insert({ sender_id: m.id, recipient_id: owner.id, subject: 'Hi', content: 'Parallel' }),
      },
    ];
    const rows: (string | number)[][] = [];
    let over = 0;
    for (const kind of kinds) {
      const accepted: number[] = [];
      for (let run = 0; run < sizes.runs; run += 1) {
        const m = await member(db, stack, kind.ageS);
        const answers = await Promise.all(Array.from({ length: kind.requests }, () => kind.send(m)));
        const odd = answers.find((a) => a.error && a.error.code !== 'PT429');
        if (odd?.error) throw new Error(`${kind.name}: ${odd.error.code} ${odd.error.message}`);
        accepted.push(answers.filter((a) => !a.error).length);
      }
      const overLimit = accepted.reduce((sum, n) => sum + Math.max(0, n - kind.limit), 0);
      over += overLimit;
      rows.push([kind.name, String(kind.requests), String(sizes.runs), accepted.join(', '), String(overLimit)]);
    }
    printTable(
      `Posting limits under parallel requests of one member (${db.kind}, default limits): goal 0 over the limit`,
      ['kind', 'requests at once', 'runs', 'accepted per run', 'accepted-over-limit'],
      rows,
    );
    console.log(`accepted-over-limit = ${over}${over === 0 ? '' : ' (goal 0: NOT MET)'}`);
  } finally {
    await stack.close();
    await db.close();
    await drop();
    await rm(storageDir, { recursive: true, force: true });
  }
}
