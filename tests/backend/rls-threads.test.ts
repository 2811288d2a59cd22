// Row-level security and guards of public.threads, both ways, through supabase-js.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let author: TestMember;
let other: TestMember;
let moderator: TestMember;
let admin: TestMember;
let categoryId: string;

beforeAll(async () => {
  stack = await startTestStack();
  author = await createMember(stack);
  other = await createMember(stack);
  moderator = await createMember(stack, { role: 'moderator' });
  admin = await createMember(stack, { role: 'admin' });
  categoryId = (await dbRow<{ id: string }>(stack, `select id from public.categories where slug = 'guapcoin-general'`))!
    .id;
});
afterAll(async () => {
  await stack?.close();
});

const newThread = (authorId: string, extra: Record<string, unknown> = {}) => {
  const id = randomUUID();
  return {
    id,
    slug: `thread-${id}`,
    title: 'A thread about GUAPX staking',
    category_id: categoryId,
    author_id: authorId,
    ...extra,
  };
};
const thread = (id: string) =>
  dbRow<{ title: string; is_pinned: boolean; is_locked: boolean; is_ad: boolean; slug: string; category_id: string }>(
    stack,
    'select title, is_pinned, is_locked, is_ad, slug, category_id from public.threads where id = $1',
    [id],
  );

describe('creating threads', () => {
  it('lets a member create a thread as themself, answering id and slug', async () => {
    const row = newThread(author.id, {
      is_pinned: false,
      is_locked: false,
      is_ad: false,
      view_count: 0,
      reply_count: 0,
    });
    const { data, error } = await author.client.from('threads').insert(row).select('id,slug').single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: row.id, slug: row.slug });
  });

  it('refuses a thread in the name of another member', async () => {
    const row = newThread(other.id);
    const { error } = await author.client.from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(await thread(row.id)).toBeUndefined();
  });

  it('refuses a thread from a visitor', async () => {
    const row = newThread(author.id);
    const { error } = await stack.anon().from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(await thread(row.id)).toBeUndefined();
  });

  it('refuses an author creating a pinned thread', async () => {
    const row = newThread(author.id, { is_pinned: true });
    const { error } = await author.client.from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/pin, lock or mark/);
    expect(await thread(row.id)).toBeUndefined();
  });

  it('refuses an author creating an ad', async () => {
    const row = newThread(author.id, { is_ad: true });
    const { error } = await author.client.from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(await thread(row.id)).toBeUndefined();
  });

  it('lets staff create a pinned ad', async () => {
    const row = newThread(admin.id, { is_pinned: true, is_ad: true });
    const { error } = await admin.client.from('threads').insert(row);
    expect(error).toBeNull();
    expect(await thread(row.id)).toMatchObject({ is_pinned: true, is_ad: true });
  });

  it('refuses a thread from a banned member, saying so', async () => {
    const banned = await createMember(stack, { banned: true });
    const row = newThread(banned.id);
    const { error } = await banned.client.from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/banned/);
    expect(await thread(row.id)).toBeUndefined();
  });

  it('refuses a thread in an inactive category', async () => {
    const inactive = randomUUID();
    await stack.db.query(
      `insert into public.categories (id, name, slug, type, is_active) values ($1, 'Archive', $2, 'support', false)`,
      [inactive, `archive-${inactive}`],
    );
    const row = newThread(author.id, { category_id: inactive });
    const { error } = await author.client.from('threads').insert(row);
    expect(error?.code).toBe('42501');
    expect(await thread(row.id)).toBeUndefined();
  });
});

describe('editing threads', () => {
  it('lets the author edit the title of their thread', async () => {
    const id = await makeThread(stack, author.id);
    const { data, error } = await author.client
      .from('threads')
      .update({ title: 'A better, clearer title' })
      .eq('id', id)
      .select('title');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'A better, clearer title' }]);
  });

  it('refuses the author pinning their own thread', async () => {
    const id = await makeThread(stack, author.id);
    const { error } = await author.client.from('threads').update({ is_pinned: true }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect((await thread(id))!.is_pinned).toBe(false);
  });

  it('refuses the author locking or marking their thread as an ad', async () => {
    const id = await makeThread(stack, author.id);
    const locked = await author.client.from('threads').update({ is_locked: true }).eq('id', id);
    const ad = await author.client.from('threads').update({ is_ad: true }).eq('id', id);
    expect(locked.error?.code).toBe('42501');
    expect(ad.error?.code).toBe('42501');
    expect(await thread(id)).toMatchObject({ is_locked: false, is_ad: false });
  });

  it('refuses the author moving their thread or changing its address', async () => {
    const id = await makeThread(stack, author.id);
    const before = await thread(id);
    const moved = await author.client.from('threads').update({ category_id: categoryId }).eq('id', id);
    const renamed = await author.client.from('threads').update({ slug: 'stolen-address' }).eq('id', id);
    expect(moved.error?.code).toBe('42501');
    expect(renamed.error?.code).toBe('42501');
    expect(await thread(id)).toEqual(before);
  });

  it("does not let a member edit someone else's thread", async () => {
    const id = await makeThread(stack, author.id);
    const { data, error } = await other.client
      .from('threads')
      .update({ title: 'Hijacked title' })
      .eq('id', id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await thread(id))!.title).toBe('A thread written for a test');
  });

  it('lets a moderator pin and lock any thread', async () => {
    const id = await makeThread(stack, author.id);
    const { error } = await moderator.client.from('threads').update({ is_pinned: true, is_locked: true }).eq('id', id);
    expect(error).toBeNull();
    expect(await thread(id)).toMatchObject({ is_pinned: true, is_locked: true });
  });
});

describe('deleting threads', () => {
  it('does not let the author delete their own thread', async () => {
    const id = await makeThread(stack, author.id);
    const { data, error } = await author.client.from('threads').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await thread(id)).toBeDefined();
  });

  it('does not let a visitor delete a thread', async () => {
    const id = await makeThread(stack, author.id);
    const { error } = await stack.anon().from('threads').delete().eq('id', id);
    expect(error?.code).toBe('42501');
    expect(await thread(id)).toBeDefined();
  });

  it("lets a moderator delete a thread's posts, then the thread", async () => {
    const id = await makeThread(stack, author.id);
    const posts = await moderator.client.from('posts').delete().eq('thread_id', id);
    expect(posts.error).toBeNull();
    const { data, error } = await moderator.client.from('threads').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect(await thread(id)).toBeUndefined();
  });

  it('lets an admin delete a whole thread, its posts going with it', async () => {
    const id = await makeThread(stack, author.id);
    const { error } = await admin.client.from('threads').delete().eq('id', id);
    expect(error).toBeNull();
    expect(await thread(id)).toBeUndefined();
    const left = await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.posts where thread_id = $1', [
      id,
    ]);
    expect(left!.n).toBe(0);
  });
});
