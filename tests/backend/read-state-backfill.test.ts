// The post numbers migration on a forum that already has posts: the database is brought up to the
// migration before 20261127000100_post_numbers.sql, given threads and posts, then migrated. The existing rows are
// numbered by (created_at, id) without it counting as an edit, their sync_txid moves so every mirror pulls the new
// columns, and each author has read their threads up to their own last post.
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../supabase/local/db.ts';
import { migrate } from '../../supabase/local/migrate.ts';
import { openPglite } from '../../supabase/local/pgliteThread.ts';

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url));
const FIRST_HELD_BACK = '20261127000100';

let db: Db;
let drop: () => Promise<void> = async () => undefined;

/** An in-memory PGlite, or a new database on DATABASE_URL's server (as stack.ts opens one). */
async function openDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite();
  const name = `guap_backfill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  return openPostgres(dbUrl.toString());
}

/** The versions of this migration and every later one, which the first pass leaves out. */
async function heldBack(): Promise<string[]> {
  return (await readdir(`${supabaseDir}migrations`))
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.split('_')[0]!)
    .filter((v) => v >= FIRST_HELD_BACK);
}

const ids = {
  alice: randomUUID(),
  bob: randomUUID(),
  busy: randomUUID(),
  quiet: randomUUID(),
  empty: randomUUID(),
  opening: randomUUID(),
  early: randomUUID(),
  late: randomUUID(),
  tieA: randomUUID(),
  tieB: randomUUID(),
  quietOpening: randomUUID(),
};
const [tieFirst, tieSecond] = [ids.tieA, ids.tieB].sort();

interface PostState {
  id: string;
  version: number;
  is_edited: boolean;
  updated_at: Date;
  like_count: number;
  sync_txid: string;
  post_number: number;
}
interface ThreadState {
  id: string;
  updated_at: Date;
  reply_count: number;
  sync_txid: string;
}
let postsBefore: PostState[];
let threadsBefore: ThreadState[];
let counts: () => Promise<Record<string, number>>;
let countsBefore: Record<string, number>;

const member = (id: string, name: string) =>
  db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
       '', '', '', '', '{"provider": "email", "providers": ["email"]}', jsonb_build_object('username', $3::text),
       now() - interval '30 days', now() - interval '30 days')`,
    [id, `${name}@backfill.test`, name],
  );

beforeAll(async () => {
  db = await openDb();
  await db.exec(await readFile(`${supabaseDir}local/bootstrap.sql`, 'utf8'));
  const held = await heldBack();
  for (const version of held) {
    await db.query(`insert into supabase_migrations.schema_migrations (version, name) values ($1, 'held back')`, [
      version,
    ]);
  }
  await migrate(db, { seed: false });
  expect(
    (
      await db.query(
        `select 1 from information_schema.columns where table_name = 'posts' and column_name = 'post_number'`,
      )
    ).rows,
  ).toEqual([]);

  await member(ids.alice, 'alice_before');
  await member(ids.bob, 'bob_before');
  await db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  const thread = (id: string, author: string, title: string) =>
    db.query(
      `insert into public.threads (id, slug, title, category_id, author_id, created_at, updated_at)
       values ($1::uuid, $1::text, $3, (select id from public.categories), $2, now() - interval '10 days',
               now() - interval '9 days')`,
      [id, author, title],
    );
  // Fixed times, so the two posts of a tie have the very same created_at.
  const now = Date.now();
  const post = (id: string, threadId: string, author: string, type: string, daysAgo: number, content: string) => {
    const at = new Date(now - daysAgo * 86_400_000).toISOString();
    return db.query(
      `insert into public.posts (id, thread_id, author_id, content, type, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6)`,
      [id, threadId, author, content, type, at],
    );
  };
  await thread(ids.busy, ids.alice, 'A busy thread from before');
  await thread(ids.quiet, ids.bob, 'A quiet thread from before');
  await thread(ids.empty, ids.bob, 'A thread whose posts are gone');
  // Inserted out of order: the numbers follow created_at, then id.
  await post(ids.opening, ids.busy, ids.alice, 'thread', 10, 'The opening post, written first.');
  await post(ids.late, ids.busy, ids.alice, 'reply', 2, 'A late reply, inserted early');
  await post(ids.early, ids.busy, ids.bob, 'reply', 8, 'An early reply, @alice_before, inserted late');
  await post(ids.tieB, ids.busy, ids.bob, 'reply', 1, 'Two replies at the same moment');
  await post(ids.tieA, ids.busy, ids.bob, 'reply', 1, 'Two replies at the same moment');
  await post(ids.quietOpening, ids.quiet, ids.bob, 'thread', 5, 'The quiet opening post.');
  // An edit and a like before the migration: version, is_edited and like_count must come through as they are.
  await db.query(`update public.posts set content = 'An early reply, edited' where id = $1`, [ids.early]);
  await db.query(`insert into public.post_likes (post_id, user_id) values ($1, $2)`, [ids.early, ids.alice]);

  counts = async () =>
    (
      await db.query<Record<string, number>>(
        `select (select count(*)::int from public.notifications) as notifications,
                (select count(*)::int from public.moderation_log) as moderation_log,
                (select count(*)::int from public.sync_tombstones) as tombstones,
                (select sum(reply_count)::int from public.profiles) as replies,
                (select sum(reputation)::int from public.profiles) as reputation`,
      )
    ).rows[0]!;
  countsBefore = await counts();
  postsBefore = (
    await db.query<PostState>(
      `select id, version, is_edited, updated_at, like_count, sync_txid::text as sync_txid, 0 as post_number
       from public.posts order by id`,
    )
  ).rows;
  threadsBefore = (
    await db.query<ThreadState>(
      'select id, updated_at, reply_count, sync_txid::text as sync_txid from public.threads order by id',
    )
  ).rows;

  await db.query('delete from supabase_migrations.schema_migrations where version = any($1)', [held]);
  const { applied } = await migrate(db, { seed: false });
  expect(applied[0]).toMatch(/^20261127000100_/);
});
afterAll(async () => {
  await db?.close();
  await drop();
});

const numberOf = async (id: string) =>
  (await db.query<{ post_number: number }>('select post_number from public.posts where id = $1', [id])).rows[0]!
    .post_number;

describe('the post numbers migration on existing posts', () => {
  it('numbers each thread’s posts by created_at then id, and sets each thread’s highest number', async () => {
    expect(await numberOf(ids.opening)).toBe(1);
    expect(await numberOf(ids.early)).toBe(2);
    expect(await numberOf(ids.late)).toBe(3);
    expect(await numberOf(tieFirst!)).toBe(4);
    expect(await numberOf(tieSecond!)).toBe(5);
    expect(await numberOf(ids.quietOpening)).toBe(1);
    const highest = (
      await db.query<{ id: string; highest_post_number: number }>(
        'select id, highest_post_number from public.threads order by id',
      )
    ).rows;
    expect(Object.fromEntries(highest.map((t) => [t.id, t.highest_post_number]))).toEqual({
      [ids.busy]: 5,
      [ids.quiet]: 1,
      [ids.empty]: 0,
    });
  });

  it('is no edit: versions, edited marks, like counts and updated_at stay; sync_txid moves', async () => {
    const after = (
      await db.query<PostState>(
        `select id, version, is_edited, updated_at, like_count, sync_txid::text as sync_txid, post_number
         from public.posts order by id`,
      )
    ).rows;
    expect(
      after.map(({ id, version, is_edited, updated_at, like_count }) => ({
        id,
        version,
        is_edited,
        updated_at,
        like_count,
      })),
    ).toEqual(
      postsBefore.map(({ id, version, is_edited, updated_at, like_count }) => ({
        id,
        version,
        is_edited,
        updated_at,
        like_count,
      })),
    );
    expect(after.find((p) => p.id === ids.early)).toMatchObject({ version: 2, is_edited: true, like_count: 1 });
    for (const [i, post] of after.entries()) {
      expect(BigInt(post.sync_txid), post.id).toBeGreaterThan(BigInt(postsBefore[i]!.sync_txid));
    }
    const threads = (
      await db.query<ThreadState>(
        'select id, updated_at, reply_count, sync_txid::text as sync_txid from public.threads order by id',
      )
    ).rows;
    expect(threads.map(({ id, updated_at, reply_count }) => ({ id, updated_at, reply_count }))).toEqual(
      threadsBefore.map(({ id, updated_at, reply_count }) => ({ id, updated_at, reply_count })),
    );
    for (const [i, thread] of threads.entries()) {
      expect(BigInt(thread.sync_txid), thread.id).toBeGreaterThan(BigInt(threadsBefore[i]!.sync_txid));
    }
  });

  it('notifies nobody, logs nothing and moves no counter', async () => {
    expect(await counts()).toEqual(countsBefore);
  });

  it('counts each author’s threads as read up to their own last post there', async () => {
    const reads = (
      await db.query<{ user_id: string; thread_id: string; last_read_post_number: number }>(
        'select user_id, thread_id, last_read_post_number from public.thread_reads order by user_id, thread_id',
      )
    ).rows;
    const key = (r: { user_id: string; thread_id: string }) => `${r.user_id}/${r.thread_id}`;
    expect(Object.fromEntries(reads.map((r) => [key(r), r.last_read_post_number]))).toEqual({
      [`${ids.alice}/${ids.busy}`]: 3,
      [`${ids.bob}/${ids.busy}`]: 5,
      [`${ids.bob}/${ids.quiet}`]: 1,
    });
  });

  it('numbers the next post after the existing ones', async () => {
    const id = randomUUID();
    await db.query(
      `insert into public.posts (id, thread_id, author_id, content, type) values ($1, $2, $3, 'After the migration', 'reply')`,
      [id, ids.quiet, ids.alice],
    );
    expect(await numberOf(id)).toBe(2);
  });
});
