// Notifications: what queues one for whom (messages, replies, @mentions, likes), never for one's own
// action. Reading, marking read and deletions are in notifications-read.test.ts.
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

interface Row {
  recipient_id: string;
  actor_id: string | null;
  kind: string;
  actor_count: number;
}
/** The notifications about a post or a message, read past RLS, as "kind:recipient". */
async function about(column: 'post_id' | 'message_id', id: string): Promise<string[]> {
  const { rows } = await stack.db.query<Row>(
    `select recipient_id, kind from public.notifications where ${column} = $1`,
    [id],
  );
  return rows.map((r) => `${r.kind}:${r.recipient_id}`).sort();
}
const tag = (kind: string, ...members: TestMember[]) => members.map((m) => `${kind}:${m.id}`);
const likeNotices = async (postId: string) =>
  (
    await stack.db.query<Row & { read: boolean }>(
      `select recipient_id, actor_id, kind, actor_count, read_at is not null as read from public.notifications
       where post_id = $1 and kind = 'like' order by created_at`,
      [postId],
    )
  ).rows;
const reply = (who: TestMember, threadId: string, content: string, id: string = randomUUID()) =>
  who.client.from('posts').insert({ id, thread_id: threadId, author_id: who.id, content, type: 'reply' });

describe('a private message', () => {
  it('queues exactly one notification, for its recipient, even when the send is retried', async () => {
    const id = randomUUID();
    const message = { id, sender_id: alice.id, recipient_id: bob.id, subject: 'Hi', content: 'Hello Bob' };
    expect((await alice.client.from('messages').insert(message)).error).toBeNull();
    const retry = await alice.client.from('messages').upsert(message, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error).toBeNull();
    expect(await about('message_id', id)).toEqual(tag('message', bob));
    const { data } = await bob.client
      .from('notifications')
      .select('kind,actor_id,message_id,read_at')
      .eq('message_id', id);
    expect(data).toEqual([{ kind: 'message', actor_id: alice.id, message_id: id, read_at: null }]);
  });

  it('notifies nobody of a message to oneself', async () => {
    const id = randomUUID();
    const message = { id, sender_id: alice.id, recipient_id: alice.id, subject: 'Note', content: 'To self' };
    expect((await alice.client.from('messages').insert(message)).error).toBeNull();
    expect(await about('message_id', id)).toEqual([]);
  });

  it('takes its notification away when deleted, leaving a tombstone for the recipient alone', async () => {
    const id = randomUUID();
    const message = { id, sender_id: alice.id, recipient_id: bob.id, subject: 'Oops', content: 'Wrong person' };
    expect((await alice.client.from('messages').insert(message)).error).toBeNull();
    const { data } = await bob.client.from('notifications').select('id').eq('message_id', id);
    const noticeId = data![0]!.id as string;
    expect((await alice.client.from('messages').delete().eq('id', id)).error).toBeNull();
    expect(await about('message_id', id)).toEqual([]);
    const tombstone = (who: TestMember) =>
      who.client.from('sync_tombstones').select('row_id').eq('table_name', 'notifications').eq('row_id', noticeId);
    expect((await tombstone(bob)).data).toEqual([{ row_id: noticeId }]);
    expect((await tombstone(alice)).data).toEqual([]);
  });
});

describe('a reply', () => {
  it('notifies the thread’s author and each earlier replier once, never the replier', async () => {
    const threadId = await makeThread(stack, alice.id);
    const first = randomUUID();
    expect((await reply(bob, threadId, 'First reply', first)).error).toBeNull();
    const second = randomUUID();
    expect((await reply(carol, threadId, 'Second reply', second)).error).toBeNull();
    const third = randomUUID();
    expect((await reply(bob, threadId, 'Bob again', third)).error).toBeNull();
    const fourth = randomUUID();
    expect((await reply(alice, threadId, 'The author answers', fourth)).error).toBeNull();
    expect(await about('post_id', first)).toEqual(tag('reply', alice));
    expect(await about('post_id', second)).toEqual(tag('reply', alice, bob).sort());
    expect(await about('post_id', third)).toEqual(tag('reply', alice, carol).sort());
    expect(await about('post_id', fourth)).toEqual(tag('reply', bob, carol).sort());
  });

  it('notifies nobody for a thread’s opening post, or again for a retried reply', async () => {
    const threadId = await makeThread(stack, alice.id);
    const { rows } = await stack.db.query<{ id: string }>(
      `select id from public.posts where thread_id = $1 and type = 'thread'`,
      [threadId],
    );
    expect(await about('post_id', rows[0]!.id)).toEqual([]);
    const id = randomUUID();
    expect((await reply(bob, threadId, 'Once', id)).error).toBeNull();
    const retry = await bob.client
      .from('posts')
      .upsert(
        { id, thread_id: threadId, author_id: bob.id, content: 'Once', type: 'reply' },
        { onConflict: 'id', ignoreDuplicates: true },
      );
    expect(retry.error).toBeNull();
    expect(await about('post_id', id)).toEqual(tag('reply', alice));
  });
});

describe('@mentions', () => {
  it('notify the mentioned member once, whatever the case, even when the post is edited', async () => {
    const threadId = await makeThread(stack, admin.id);
    const id = randomUUID();
    expect((await reply(bob, threadId, `Ask @${carol.username.toUpperCase()} about it.`, id)).error).toBeNull();
    expect(await about('post_id', id)).toEqual([...tag('mention', carol), ...tag('reply', admin)].sort());
    for (const content of [`Ask @${carol.username} about it, really.`, `Edited: @${carol.username}!`]) {
      expect((await bob.client.from('posts').update({ content }).eq('id', id)).error).toBeNull();
    }
    expect(await about('post_id', id)).toEqual([...tag('mention', carol), ...tag('reply', admin)].sort());
  });

  it('give a mentioned thread author and replier the mention instead of the reply: one per member per post', async () => {
    const threadId = await makeThread(stack, alice.id);
    await makeReply(stack, threadId, carol.id);
    const id = randomUUID();
    expect((await reply(bob, threadId, `@${alice.username} and @${carol.username}, look`, id)).error).toBeNull();
    expect(await about('post_id', id)).toEqual(tag('mention', alice, carol).sort());
  });

  it('notify on an edit only the members newly mentioned, not those notified already', async () => {
    const threadId = await makeThread(stack, alice.id);
    const id = randomUUID();
    expect((await reply(bob, threadId, 'Nothing to see', id)).error).toBeNull();
    const content = `Now with @${alice.username} and @${carol.username}`;
    expect((await bob.client.from('posts').update({ content }).eq('id', id)).error).toBeNull();
    expect(await about('post_id', id)).toEqual([...tag('mention', carol), ...tag('reply', alice)].sort());
  });

  it('notify in a thread’s opening post too', async () => {
    const threadId = randomUUID();
    await stack.db.query(
      `insert into public.threads (id, slug, title, category_id, author_id)
       values ($1, $2, 'Opening mention', (select id from public.categories limit 1), $3)`,
      [threadId, `t-${threadId}`, alice.id],
    );
    const id = randomUUID();
    const opening = {
      id,
      thread_id: threadId,
      author_id: alice.id,
      content: `Welcome @${bob.username}!`,
      type: 'thread',
    };
    expect((await alice.client.from('posts').insert(opening)).error).toBeNull();
    expect(await about('post_id', id)).toEqual(tag('mention', bob));
  });

  it('ignore oneself, unknown names, email addresses and code', async () => {
    const threadId = await makeThread(stack, admin.id);
    const id = randomUUID();
    const content = [
      `Me: @${bob.username}. Nobody: @no_such_member_here. Mail: x${carol.username}@example.test`,
      `Inline \`@${carol.username}\` and a block:`,
      '```',
      `@${alice.username}`,
      '```',
    ].join('\n');
    expect((await reply(bob, threadId, content, id)).error).toBeNull();
    expect(await about('post_id', id)).toEqual(tag('reply', admin));
  });
});

describe('likes', () => {
  const like = (who: TestMember, postId: string) =>
    who.client.from('post_likes').insert({ post_id: postId, user_id: who.id });
  const unlike = (who: TestMember, postId: string) =>
    who.client.from('post_likes').delete().eq('post_id', postId).eq('user_id', who.id);

  it('collapse into one unread notification per post that counts, names the newest liker, and empties', async () => {
    const threadId = await makeThread(stack, admin.id);
    const postId = await makeReply(stack, threadId, alice.id);
    expect((await like(bob, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([
      { recipient_id: alice.id, actor_id: bob.id, kind: 'like', actor_count: 1, read: false },
    ]);
    expect((await like(carol, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([
      { recipient_id: alice.id, actor_id: carol.id, kind: 'like', actor_count: 2, read: false },
    ]);
    expect((await unlike(carol, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([
      { recipient_id: alice.id, actor_id: bob.id, kind: 'like', actor_count: 1, read: false },
    ]);
    const { data } = await alice.client.from('notifications').select('id').eq('post_id', postId);
    expect((await unlike(bob, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([]);
    const tombstones = await alice.client.from('sync_tombstones').select('row_id').eq('row_id', data![0]!.id);
    expect(tombstones.data).toHaveLength(1);
  });

  it('start a new notification once the last one was read, and leave a read one as it was', async () => {
    const threadId = await makeThread(stack, admin.id);
    const postId = await makeReply(stack, threadId, alice.id);
    expect((await like(bob, postId)).error).toBeNull();
    expect((await alice.client.rpc('mark_notifications_read')).error).toBeNull();
    expect((await like(carol, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([
      { recipient_id: alice.id, actor_id: bob.id, kind: 'like', actor_count: 1, read: true },
      { recipient_id: alice.id, actor_id: carol.id, kind: 'like', actor_count: 1, read: false },
    ]);
    expect((await unlike(bob, postId)).error).toBeNull();
    expect((await unlike(carol, postId)).error).toBeNull();
    expect(await likeNotices(postId)).toEqual([
      { recipient_id: alice.id, actor_id: bob.id, kind: 'like', actor_count: 1, read: true },
    ]);
  });
});
