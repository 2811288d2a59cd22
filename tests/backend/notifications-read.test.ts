// Notifications: readable and markable by their recipient alone, never written by a client, and gone with
// their thread or post (queued deliveries included).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeReply, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;
let admin: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  alice = await createMember(stack);
  bob = await createMember(stack);
  carol = await createMember(stack);
  admin = await createMember(stack, { role: 'admin' });
});
afterAll(async () => {
  await stack?.close();
});

/** The notifications about a post, read past RLS, as "kind:recipient". */
async function aboutPost(id: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ recipient_id: string; kind: string }>(
    'select recipient_id, kind from public.notifications where post_id = $1',
    [id],
  );
  return rows.map((r) => `${r.kind}:${r.recipient_id}`).sort();
}
const tag = (kind: string, ...members: TestMember[]) => members.map((m) => `${kind}:${m.id}`);

describe('reading and marking read', () => {
  /** A fresh thread by alice with one reply by bob: one unread 'reply' notification for alice. */
  async function noticeForAlice(): Promise<string> {
    const threadId = await makeThread(stack, alice.id);
    const postId = await makeReply(stack, threadId, bob.id);
    const { rows } = await stack.db.query<{ id: string }>('select id from public.notifications where post_id = $1', [
      postId,
    ]);
    return rows[0]!.id;
  }
  const readAt = async (id: string) =>
    (await stack.db.query<{ read_at: Date | null }>('select read_at from public.notifications where id = $1', [id]))
      .rows[0]?.read_at;

  it('lets the recipient alone read a notification: not another member, an admin or a visitor', async () => {
    const id = await noticeForAlice();
    expect((await alice.client.from('notifications').select('id').eq('id', id)).data).toEqual([{ id }]);
    for (const client of [bob.client, admin.client, stack.anon()]) {
      expect(await client.from('notifications').select('id').eq('id', id)).toMatchObject({ error: null, data: [] });
    }
  });

  it('refuses a client’s insert, update and delete of a notification, changing nothing', async () => {
    const id = await noticeForAlice();
    const insert = await bob.client
      .from('notifications')
      .insert({ recipient_id: alice.id, actor_id: bob.id, kind: 'message', message_id: randomUUID() });
    expect(insert.error?.code).toBe('42501');
    const update = await alice.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', id);
    expect(update.error?.code).toBe('42501');
    const remove = await alice.client.from('notifications').delete().eq('id', id);
    expect(remove.error?.code).toBe('42501');
    expect(await readAt(id)).toBeNull();
    expect((await stack.db.query('select 1 from public.notifications where id = $1', [id])).rows).toHaveLength(1);
  });

  it('marks the caller’s own notifications read, by id or all at once, and counts them', async () => {
    await alice.client.rpc('mark_notifications_read');
    const [one, two, three] = [await noticeForAlice(), await noticeForAlice(), await noticeForAlice()];
    expect(await alice.client.rpc('mark_notifications_read', { ids: [one] })).toMatchObject({ error: null, data: 1 });
    expect(await readAt(one)).toBeInstanceOf(Date);
    expect(await readAt(two)).toBeNull();
    expect(await alice.client.rpc('mark_notifications_read', { ids: [one] })).toMatchObject({ data: 0 });
    expect(await alice.client.rpc('mark_notifications_read')).toMatchObject({ error: null, data: 2 });
    expect(await readAt(three)).toBeInstanceOf(Date);
  });

  it('marks nothing of another member’s, and refuses a visitor', async () => {
    const id = await noticeForAlice();
    expect(await bob.client.rpc('mark_notifications_read', { ids: [id] })).toMatchObject({ error: null, data: 0 });
    expect((await admin.client.rpc('mark_notifications_read')).error).toBeNull();
    const byVisitor = await stack.anon().rpc('mark_notifications_read', { ids: [id] });
    expect(byVisitor.error?.code).toBe('42501');
    expect(await readAt(id)).toBeNull();
  });

  it('answers a malformed id with a 400', async () => {
    const { error, status } = await alice.client.rpc('mark_notifications_read', { ids: ['not-a-uuid'] });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('deletions', () => {
  it('a deleted post or thread takes its notifications and their queued deliveries away', async () => {
    const threadId = await makeThread(stack, alice.id);
    const postId = await makeReply(stack, threadId, bob.id, `Hi @${carol.username}`);
    const otherId = await makeReply(stack, threadId, carol.id);
    const count = async (sql: string, param: unknown) =>
      (await stack.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, [param])).rows[0]!.n;
    const { rows } = await stack.db.query<{ id: string }>('select id from public.notifications where thread_id = $1', [
      threadId,
    ]);
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(4);
    const deliveries = () => count('public.notification_deliveries where notification_id = any ($1)', ids);
    expect(await deliveries()).toBe(4);
    expect((await bob.client.from('posts').delete().eq('id', postId)).error).toBeNull();
    expect(await aboutPost(postId)).toEqual([]);
    expect(await deliveries()).toBe(2);
    expect(await aboutPost(otherId)).toEqual(tag('reply', alice, bob).sort());
    expect((await admin.client.from('threads').delete().eq('id', threadId)).error).toBeNull();
    expect(await count('public.notifications where thread_id = $1', threadId)).toBe(0);
    expect(await deliveries()).toBe(0);
  });
});
