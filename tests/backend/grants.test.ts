// Grants as on hosted: nothing is granted by default, each role has what the migrations grant it and no more, and
// the migrations are applied as postgres, who is no superuser (on the PostgreSQL pass).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
let stack: TestStack;

beforeAll(async () => {
  // A table a later migration might add and forget to grant: RLS would let everyone read it.
  stack = await startTestStack({
    extraSql: `create table public.ungranted (id integer primary key, note text);
      alter table public.ungranted enable row level security;
      create policy ungranted_open on public.ungranted for all using (true) with check (true);
      insert into public.ungranted values (1, 'kept');`,
  });
});
afterAll(() => stack.close());

const count = async (sql: string) =>
  (await stack.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;

describe('a new table is granted to nobody', () => {
  test.each(['anon', 'service'] as const)('%s can neither read nor write it, whatever RLS says', async (who) => {
    const client = who === 'anon' ? stack.anon() : stack.service();
    const read = await client.from('ungranted').select('id');
    expect(read.error?.code).toBe('42501');
    const write = await client.from('ungranted').insert({ id: 2, note: 'sneaked in' });
    expect(write.error?.code).toBe('42501');
    expect(await count('public.ungranted')).toBe(1);
  });

  test('a member cannot write it either', async () => {
    const { client } = await stack.newMember();
    const { error } = await client.from('ungranted').update({ note: 'changed' }).eq('id', 1);
    expect(error?.code).toBe('42501');
    expect((await stack.db.query('select note from public.ungranted')).rows).toEqual([{ note: 'kept' }]);
  });
});

describe('each role has what it needs', () => {
  test('the service role reads and writes the forum tables', async () => {
    const service = stack.service();
    const categories = await service.from('categories').select('id, slug').limit(1);
    expect(categories.error).toBeNull();
    expect(categories.data).toHaveLength(1);
    const profiles = await service.from('profiles').select('id, email').eq('username', 'guapmember');
    expect(profiles.error).toBeNull();
    expect(profiles.data).toEqual([expect.objectContaining({ email: 'member@guapcoin.local' })]);
    const slug = categories.data![0]!.slug as string;
    const update = await service.from('categories').update({ description: 'Set by the server' }).eq('slug', slug);
    expect(update.error).toBeNull();
    expect((await stack.db.query('select description from public.categories where slug = $1', [slug])).rows).toEqual([
      { description: 'Set by the server' },
    ]);
  });

  test('a visitor reads the forum and calls the public functions', async () => {
    const anon = stack.anon();
    expect((await anon.from('threads').select('id').limit(1)).data).toHaveLength(1);
    const search = await anon.rpc('search_forum', { query: 'guapcoin' });
    expect(search.error).toBeNull();
    const watermark = await anon.rpc('sync_watermark');
    expect(watermark.error).toBeNull();
    expect(Number(watermark.data)).toBeGreaterThan(0);
  });

  test("a visitor cannot call a member's function or the policies' helpers", async () => {
    const anon = stack.anon();
    for (const fn of ['delete_user', 'is_admin', 'is_staff', 'caller_is_banned'] as const) {
      const { error } = await anon.rpc(fn);
      expect(error?.code, fn).toBe('42501');
    }
    const { error } = await anon.rpc('accepts_messages', { recipient: '00000000-0000-4000-8000-000000000000' });
    expect(error?.code).toBe('42501');
  });

  test('the service role alone calls the notification sender’s functions and reads its queue', async () => {
    const service = stack.service();
    expect((await service.rpc('claim_notification_deliveries', { max_rows: 1 })).error).toBeNull();
    expect((await service.from('notification_deliveries').select('id').limit(1)).error).toBeNull();
    const { client } = await stack.newMember();
    for (const who of [client, stack.anon()]) {
      const { error } = await who.rpc('claim_notification_deliveries', { max_rows: 1 });
      expect(error?.code).toBe('42501');
      expect((await who.from('notification_deliveries').select('id')).error?.code).toBe('42501');
    }
  });

  test('a member calls the functions of the app', async () => {
    const { client, id } = await stack.newMember();
    const accepts = await client.rpc('accepts_messages', { recipient: id });
    expect(accepts).toMatchObject({ error: null, data: true });
    const admin = await client.rpc('is_admin');
    expect(admin).toMatchObject({ error: null, data: false });
    const marked = await client.rpc('mark_notifications_read');
    expect(marked).toMatchObject({ error: null, data: 0 });
    expect((await client.from('notifications').select('id')).error).toBeNull();
  });

  test('a member reads and writes their read state and bookmarks; a visitor nothing; the service role reads them', async () => {
    const { client, id } = await stack.newMember();
    const post = (
      await stack.db.query<{ id: string; thread_id: string }>('select id, thread_id from public.posts limit 1')
    ).rows[0]!;
    expect((await client.rpc('mark_thread_read', { thread_id: post.thread_id, post_number: 1 })).error).toBeNull();
    expect((await client.rpc('mark_all_read', { category_id: null })).error).toBeNull();
    expect((await client.from('thread_reads').select('thread_id').limit(1)).error).toBeNull();
    const bookmark = await client
      .from('bookmarks')
      .insert({ user_id: id, post_id: post.id, thread_id: post.thread_id, note: 'granted' })
      .select('id')
      .single();
    expect(bookmark.error).toBeNull();
    expect((await client.from('bookmarks').update({ note: 'still granted' }).eq('post_id', post.id)).error).toBeNull();

    const anon = stack.anon();
    for (const table of ['thread_reads', 'bookmarks'] as const) {
      expect((await anon.from(table).select('user_id')).error?.code, table).toBe('42501');
    }
    expect((await anon.rpc('mark_thread_read', { thread_id: post.thread_id, post_number: 1 })).error?.code).toBe(
      '42501',
    );
    expect((await anon.rpc('mark_all_read')).error?.code).toBe('42501');

    const service = stack.service();
    const reads = await service.from('thread_reads').select('user_id').eq('user_id', id);
    expect(reads.error).toBeNull();
    expect(reads.data!.length).toBeGreaterThan(0);
    expect((await service.from('bookmarks').select('note').eq('id', bookmark.data!.id)).data).toEqual([
      { note: 'still granted' },
    ]);
    expect((await client.from('bookmarks').delete().eq('post_id', post.id)).error).toBeNull();
    expect(await count(`public.bookmarks where user_id = '${id}'`)).toBe(0);
  });
});

describe.skipIf(!onPostgres)('the migrations are applied as postgres, no superuser', () => {
  test('the forum tables belong to postgres, who is no superuser; auth and storage to their admin roles', async () => {
    const { rows } = await stack.db.query<{ table: string; owner: string; superuser: boolean }>(
      `select c.oid::regclass::text as table, r.rolname as owner, r.rolsuper as superuser
       from pg_class c join pg_roles r on r.oid = c.relowner
       where c.oid in ('public.threads'::regclass, 'auth.users'::regclass, 'storage.objects'::regclass)
       order by 1`,
    );
    expect(rows).toEqual([
      { table: 'auth.users', owner: 'supabase_auth_admin', superuser: false },
      { table: 'storage.objects', owner: 'supabase_storage_admin', superuser: false },
      { table: 'threads', owner: 'postgres', superuser: false },
    ]);
    const policies = await count(`pg_policies where schemaname = 'storage' and policyname like 'guap %'`);
    expect(policies).toBeGreaterThan(0);
  });

  test.each([
    ['alter a table of auth', 'alter table auth.users add column nickname text', /must be owner/],
    [
      'create an event trigger',
      'create event trigger guap_ddl on ddl_command_end execute function pg_catalog.now()',
      /superuser|permission denied/,
    ],
  ])('a migration that needs more than postgres fails: %s', async (_what, sql, message) => {
    await expect(startTestStack({ seed: false, extraSql: sql })).rejects.toThrow(message);
  });
});
