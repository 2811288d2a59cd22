// A member's recent activity (showActivity): member_activity() lists their 10 newest threads and replies,
// to everyone while the flag is on and only to themself while it is off; member_activity_visible() says which.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let categoryId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin') returning id`,
  );
  categoryId = rows[0]!.id;
});
afterAll(async () => {
  await stack?.close();
});

interface Activity {
  kind: string;
  thread_id: string;
  slug: string;
  title: string;
  post_id: string | null;
  excerpt: string | null;
  created_at: string;
}

/** A thread with its opening post, written past RLS `minutesAgo` minutes ago (a client cannot set created_at). */
async function threadAt(author: string, minutesAgo: number, title = `Thread of ${minutesAgo} minutes ago`) {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.threads (id, slug, title, category_id, author_id, created_at)
     values ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
    [id, `t-${id}`, title, categoryId, author, minutesAgo],
  );
  await stack.db.query(
    `insert into public.posts (thread_id, author_id, content, type, is_first_post, created_at)
     values ($1, $2, 'The opening post of this thread.', 'thread', true, now() - make_interval(mins => $3))`,
    [id, author, minutesAgo],
  );
  return { id, slug: `t-${id}`, title };
}

async function replyAt(threadId: string, author: string, minutesAgo: number, content = `Reply of ${minutesAgo}`) {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.posts (id, thread_id, author_id, content, type, created_at)
     values ($1, $2, $3, $4, 'reply', now() - make_interval(mins => $5))`,
    [id, threadId, author, content, minutesAgo],
  );
  return id;
}

const activityOf = async (client: SupabaseClient, member: string) => {
  const { data, error } = await client.rpc('member_activity', { member });
  expect(error).toBeNull();
  return data as Activity[];
};
const visibleTo = async (client: SupabaseClient, member: string) => {
  const { data, error } = await client.rpc('member_activity_visible', { member });
  expect(error).toBeNull();
  return data as boolean;
};
const setShowActivity = async (who: TestMember, showActivity: boolean) => {
  const { error } = await who.client
    .from('profiles')
    .update({ privacy_settings: { showOnline: true, allowMessages: true, showActivity } })
    .eq('id', who.id);
  expect(error).toBeNull();
};

describe('member_activity()', () => {
  let author: TestMember;
  let other: TestMember;
  let admin: TestMember;
  let hostThread: { id: string; slug: string; title: string };
  /** The author's activity, newest first, as the rpc should answer it. */
  const expected: { kind: string; minutesAgo: number; id: string }[] = [];

  beforeAll(async () => {
    author = await createMember(stack);
    other = await createMember(stack);
    admin = await createMember(stack, { role: 'admin' });
    hostThread = await threadAt(other.id, 100, 'A thread someone else started');
    // 12 entries, one a minute, alternating: the rpc answers the newest 10.
    for (let minutesAgo = 12; minutesAgo >= 1; minutesAgo--) {
      if (minutesAgo % 2 === 0) {
        const thread = await threadAt(author.id, minutesAgo);
        expected.unshift({ kind: 'thread', minutesAgo, id: thread.id });
      } else {
        const postId = await replyAt(hostThread.id, author.id, minutesAgo);
        expected.unshift({ kind: 'reply', minutesAgo, id: postId });
      }
    }
    // Not the author's activity: another member's reply, and a reply whose author's account is gone.
    await replyAt(hostThread.id, other.id, 0);
    await replyAt(hostThread.id, other.id, 0).then((id) =>
      stack.db.query('update public.posts set author_id = null where id = $1', [id]),
    );
  });

  it("lists the member's 10 newest threads and replies, newest first, to a visitor and to another member", async () => {
    for (const client of [stack.anon(), other.client]) {
      const rows = await activityOf(client, author.id);
      expect(rows.map((r) => [r.kind, r.kind === 'thread' ? r.thread_id : r.post_id])).toEqual(
        expected.slice(0, 10).map((e) => [e.kind, e.id]),
      );
      expect(await visibleTo(client, author.id)).toBe(true);
    }
  });

  it('gives a thread its slug and title, and a reply its thread, post and a plain excerpt', async () => {
    const rows = await activityOf(stack.anon(), author.id);
    const thread = rows.find((r) => r.kind === 'thread')!;
    expect(thread).toMatchObject({ slug: `t-${thread.thread_id}`, post_id: null, excerpt: null });
    expect(thread.title).toMatch(/^Thread of \d+ minutes ago$/);
    const reply = rows.find((r) => r.kind === 'reply')!;
    expect(reply).toMatchObject({ thread_id: hostThread.id, slug: hostThread.slug, title: hostThread.title });
    expect(reply.excerpt).toMatch(/^Reply of \d+$/);
    const times = rows.map((r) => new Date(r.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('flattens the markdown of a reply and cuts a long one', async () => {
    const writer = await createMember(stack);
    await replyAt(hostThread.id, writer.id, 2, '**Bold** words and [a link](https://example.com)\n\n> quoted `code`');
    await replyAt(hostThread.id, writer.id, 1, `Long ${'word '.repeat(60)}end`);
    const [long, short] = await activityOf(stack.anon(), writer.id);
    expect(short!.excerpt).toBe('Bold words and a link quoted code');
    expect(long!.excerpt).toHaveLength(140);
    expect(long!.excerpt!.endsWith('…')).toBe(true);
  });

  it('answers nothing to anyone but the member while showActivity is off, and the member still sees theirs', async () => {
    await setShowActivity(author, false);
    try {
      for (const client of [stack.anon(), other.client, admin.client]) {
        expect(await activityOf(client, author.id)).toEqual([]);
        expect(await visibleTo(client, author.id)).toBe(false);
      }
      const own = await activityOf(author.client, author.id);
      expect(own.map((r) => (r.kind === 'thread' ? r.thread_id : r.post_id))).toEqual(
        expected.slice(0, 10).map((e) => e.id),
      );
      expect(await visibleTo(author.client, author.id)).toBe(true);
    } finally {
      await setShowActivity(author, true);
    }
    expect(await activityOf(other.client, author.id)).toHaveLength(10);
  });

  it('answers an empty list for a member without activity, or no member at all', async () => {
    const quiet = await createMember(stack);
    expect(await activityOf(stack.anon(), quiet.id)).toEqual([]);
    expect(await visibleTo(stack.anon(), quiet.id)).toBe(true);
    expect(await activityOf(stack.anon(), randomUUID())).toEqual([]);
  });

  it('reads threads and posts as the caller, so row-level security still applies', async () => {
    const { rows } = await stack.db.query<{ proname: string; prosecdef: boolean }>(
      `select proname, prosecdef from pg_proc
       where pronamespace = 'public'::regnamespace and proname like 'member_activity%' order by proname`,
    );
    expect(rows).toEqual([
      { proname: 'member_activity', prosecdef: false },
      { proname: 'member_activity_visible', prosecdef: true },
    ]);
  });

  it('refuses a malformed member id with a 400', async () => {
    const { error, status } = await stack.anon().rpc('member_activity', { member: 'not-a-uuid' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});
