// Sync engine and mirror: initial sync of a large forum, incremental pull, flush, and mirror reads, each beside a
// baseline from the same run (raw IndexedDB getAll, or the same rows over REST without a mirror).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openMirror, type Mirror } from '../src/data/mirror.ts';
import { threadPosts } from '../src/data/queries/posts.ts';
import { categoryTypeThreads } from '../src/data/queries/threads.ts';
import { POST_COLUMNS, THREAD_COLUMNS } from '../src/data/columns.ts';
import { SyncEngine, type SyncEnvironment } from '../src/sync/engine.ts';
import { fetchThreadPosts } from '../src/sync/keep.ts';
import { memoryLocks } from '../src/sync/locks.ts';
import { enqueueReply } from '../src/sync/outbox.ts';
import type { Db } from '../supabase/local/db.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { openGeneratedForum } from './generatedDatabase.ts';
import { measure, printTable } from './stats.ts';

export interface SyncOptions {
  /** The generated forum; BENCH_THREADS and BENCH_POSTS override the defaults. */
  threads: number;
  posts: number;
  /** Timed reads of each kind. */
  reads: number;
}

const DEFAULTS: SyncOptions = {
  threads: Number(process.env.BENCH_THREADS ?? 10_000),
  posts: Number(process.env.BENCH_POSTS ?? 100_000),
  reads: 50,
};

/** Stages take minutes at full size: say where the run is, on stderr, apart from the tables. */
const progress = (stage: string) => console.error(`[bench sync] ${new Date().toISOString().slice(11, 19)} ${stage}`);

const alwaysOnline: SyncEnvironment = { isOnline: () => true, isVisible: () => true, subscribe: () => () => undefined };

function engineFor(db: Mirror, client: SupabaseClient) {
  return new SyncEngine({
    db,
    client,
    clock: Date,
    timers: { setTimeout: () => undefined, clearTimeout: () => undefined },
    random: Math.random,
    locks: memoryLocks(),
    env: alwaysOnline,
  });
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** The same rows as the initial sync, fetched over REST and thrown away: what the mirror's storage costs on top. */
async function restOnlyInitialFetch(client: SupabaseClient, recentIds: string[]) {
  let after: string | undefined;
  for (;;) {
    let query = client.from('threads').select(THREAD_COLUMNS).order('id').limit(1000);
    if (after) query = query.gt('id', after);
    const { data, error } = await query;
    if (error) throw new Error(error.message);
    if (data.length < 1000) break;
    after = (data[data.length - 1] as { id: string }).id;
  }
  for (let i = 0; i < recentIds.length; i += 40) {
    let last: string | undefined;
    for (;;) {
      let query = client
        .from('posts')
        .select(POST_COLUMNS)
        .in('thread_id', recentIds.slice(i, i + 40))
        .order('id')
        .limit(1000);
      if (last) query = query.gt('id', last);
      const { data, error } = await query;
      if (error) throw new Error(error.message);
      if (data.length < 1000) break;
      last = (data[data.length - 1] as { id: string }).id;
    }
  }
}

/** Raw IndexedDB: the posts of one thread through the same index, no Dexie, no author join. */
function rawThreadPosts(factory: IDBFactory, name: string, threadId: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const open = factory.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const idb = open.result;
      const index = idb.transaction('posts').objectStore('posts').index('[thread_id+created_at]');
      const range = IDBKeyRange.bound([threadId], [threadId, []]);
      const req = index.getAll(range);
      req.onsuccess = () => {
        idb.close();
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    };
  });
}

/** Raw IndexedDB: the newest 50 rows of the category-type index, walked backwards with a cursor. */
function rawCategoryThreads(factory: IDBFactory, name: string, type: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const open = factory.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const idb = open.result;
      const index = idb.transaction('threads').objectStore('threads').index('[_category_type+_pin+created_at]');
      const out: unknown[] = [];
      const req = index.openCursor(IDBKeyRange.bound([type], [type, []]), 'prev');
      req.onsuccess = () => {
        const cursor = req.result;
        if (cursor && out.length < 50) {
          out.push(cursor.value);
          cursor.continue();
          return;
        }
        idb.close();
        resolve(out);
      };
      req.onerror = () => reject(req.error);
    };
  });
}

async function biggestThread(db: Db) {
  const { rows } = await db.query<{ id: string }>(
    `select thread_id as id from public.posts group by thread_id order by count(*) desc limit 1`,
  );
  return rows[0]!.id;
}

export async function benchSync(options: Partial<SyncOptions> = {}) {
  const { threads, posts, reads } = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-sync-'));
  progress(`the forum of ${threads} threads and ${posts} posts (generated once, then copied)`);
  // Generated with the posting limits lifted: the bench posts far faster than a person.
  const { db, generatedMs } = await openGeneratedForum(threads, posts);
  progress('initial sync');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir });
  const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
  const rows: (string | number)[][] = [];
  const row = (name: string, ms: number, baseline: string, baseMs: number, goal: string) =>
    rows.push([name, ms, baseline, baseMs, `${(ms / baseMs).toFixed(2)}x`, goal]);
  try {
    const factory = new IDBFactory();
    const mirror = openMirror({ name: 'bench-initial', indexedDB: factory, IDBKeyRange });
    const engine = engineFor(mirror, client);
    const initial = await time(() => engine.pull());
    if (engine.status.get().lastError) throw new Error(engine.status.get().lastError!);
    const recent = (await mirror.keptThreads.toCollection().primaryKeys()) as string[];
    progress('the same rows over REST');
    const restInitial = await time(() => restOnlyInitialFetch(client, recent));
    row(
      `initial sync: ${await mirror.threads.count()} threads + ${await mirror.posts.count()} posts`,
      initial.ms,
      'same rows over REST',
      restInitial.ms,
      'under 20 s',
    );

    progress('incremental pull');
    const kept = recent.slice(0, 100);
    await db.query(
      `insert into public.posts (thread_id, author_id, content, type)
       select t, (select id from public.profiles limit 1), 'Incremental change ' || t, 'reply' from unnest($1::uuid[]) t`,
      [kept],
    );
    const incremental = await time(() => engine.pull());
    const restIncremental = await time(async () => {
      const { data } = await client.from('posts').select(POST_COLUMNS).like('content', 'Incremental change%');
      if (data?.length !== kept.length) throw new Error(`expected ${kept.length} changed rows`);
    });
    row(
      `incremental pull of ${kept.length} changes`,
      incremental.ms,
      'same rows over REST',
      restIncremental.ms,
      'under 300 ms',
    );

    progress('filling a mirror with every post');
    const full = openMirror({ name: 'bench-full', indexedDB: factory, IDBKeyRange });
    await engineFor(full, client).pull();
    const allThreads = (await full.threads.toCollection().primaryKeys()) as string[];
    await fetchThreadPosts(full, client, allThreads, 1000, 0);
    progress('mirror reads');
    const big = await biggestThread(db);
    const mirrorRead = await measure(() => threadPosts(full, big), reads, 1);
    const rawRead = await measure(() => rawThreadPosts(factory, 'bench-full', big), reads, 1);
    const restRead = await measure(
      async () =>
        await client
          .from('posts')
          .select(`${POST_COLUMNS},author:profiles!author_id(id,username,avatar_url,role)`)
          .eq('thread_id', big)
          .order('created_at'),
      reads,
      1,
    );
    const count = (await threadPosts(full, big)).length;
    row(
      `read a ${count}-post thread with authors (mirror of ${await full.posts.count()} posts)`,
      mirrorRead.p50,
      'raw IndexedDB getAll',
      rawRead.p50,
      'within 2x',
    );
    row(`read a ${count}-post thread with authors`, mirrorRead.p50, 'REST fetch', restRead.p50, 'at least 5x faster');

    const guapcoinCategories = (await full.categories.toArray()).filter((c) => c.type === 'guapcoin').map((c) => c.id);
    const catMirror = await measure(() => categoryTypeThreads(full, 'guapcoin', 0, 50), reads, 1);
    const catRaw = await measure(() => rawCategoryThreads(factory, 'bench-full', 'guapcoin'), reads, 1);
    const catRest = await measure(
      async () =>
        await client
          .from('threads')
          .select(`${THREAD_COLUMNS},author:profiles!author_id(id,username,avatar_url,role)`)
          .in('category_id', guapcoinCategories)
          .order('is_pinned', { ascending: false })
          .order('created_at', { ascending: false })
          .limit(50),
      reads,
      1,
    );
    row('first 50 threads of a category type', catMirror.p50, 'raw IndexedDB getAll', catRaw.p50, 'within 2x');
    row('first 50 threads of a category type', catMirror.p50, 'REST fetch', catRest.p50, 'at least 5x faster');

    progress('flush');
    const flushed = await benchFlush(db, stack.url, stack.anonKey, mirror, recent[0]!);
    row('flush of 100 queued replies', flushed.engine, '100 direct REST inserts', flushed.direct, 'none set');

    printTable(
      `Sync engine and mirror (fake-indexeddb in Node; forum of ${threads} threads / ${posts} posts ${generatedMs === undefined ? 'copied' : `generated in ${(generatedMs / 1000).toFixed(1)} s`}; ms)`,
      ['measure', 'ms', 'baseline', 'baseline ms', 'ratio', 'goal'],
      rows,
    );
  } finally {
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}

/** 100 replies queued offline then flushed, beside the same 100 inserts sent directly one after another. */
async function benchFlush(db: Db, url: string, anonKey: string, mirror: Mirror, threadId: string) {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const name = `bench${Date.now()}`;
  const email = `${name}@example.test`;
  const password = 'bench-password-1';
  const signUp = await client.auth.signUp({ email, password, options: { data: { username: name } } });
  if (signUp.error || !signUp.data.user) throw new Error(`sign-up failed: ${signUp.error?.message}`);
  const userId = signUp.data.user.id;
  await db.query('update auth.users set email_confirmed_at = now() where id = $1', [userId]);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(signIn.error.message);
  const engine = engineFor(mirror, client);
  await engine.start();
  const writer = engine.writer()!;
  for (let i = 0; i < 100; i++) await enqueueReply(writer, { threadId, content: `Queued reply ${i}`, images: [] });
  const flushed = await time(() => engine.flush());
  if ((await mirror.outbox.count()) !== 0) throw new Error('the flush left writes behind');
  const direct = await time(async () => {
    for (let i = 0; i < 100; i++) {
      const { error } = await client
        .from('posts')
        .insert({ thread_id: threadId, author_id: userId, content: `Direct reply ${i}`, type: 'reply' });
      if (error) throw new Error(error.message);
    }
  });
  engine.stop();
  return { engine: flushed.ms, direct: direct.ms };
}
