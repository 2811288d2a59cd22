// Each "Forum data" call of SPEC section 7, made the way the app makes it through supabase-js, against the seed.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, createMember, dbRow, demoClient, makeReply, makeThread } from './members.ts';
import { DEMO, startTestStack, type TestStack } from './stack.ts';

const PROFILE_COLUMNS =
  'id,username,display_name,bio,avatar_url,wallet_address,role,reputation,is_banned,created_at,updated_at';
const THREAD_EMBEDS =
  '*, category:categories(name,slug,color,type), author:profiles!author_id(username,avatar_url,role)';
const MESSAGE_SELECT =
  '*, sender:profiles!sender_id(id,username,avatar_url), recipient:profiles!recipient_id(id,username,avatar_url)';

interface ThreadRow {
  id: string;
  slug: string;
  title: string;
  category_id: string;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: string;
  reply_count: number;
  category: { name: string; slug: string; color: string; type: string } | null;
  author: { username: string; avatar_url: string | null; role: string } | null;
}

let stack: TestStack;
let admin: SupabaseClient;
let moderator: SupabaseClient;
let member: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await demoClient(stack, 'admin');
  moderator = await demoClient(stack, 'moderator');
  member = await demoClient(stack, 'member');
});
afterAll(async () => {
  await stack?.close();
});

const isSorted = (values: string[], desc = false) =>
  values.every((v, i) => i === 0 || (desc ? values[i - 1]! >= v : values[i - 1]! <= v));

describe('the seed', () => {
  it('lets each demo account sign in with its documented password', async () => {
    for (const account of Object.values(DEMO)) {
      const client = await stack.signIn(account.email, account.password);
      const { data } = await client.auth.getUser();
      expect(data.user?.email).toBe(account.email);
    }
  });

  it('gives the demo accounts their roles', async () => {
    const { data } = await stack
      .anon()
      .from('profiles')
      .select('id,username,role')
      .in('id', Object.values(DEMO_IDS))
      .order('username');
    expect(data).toEqual([
      { id: DEMO_IDS.admin, username: 'guapadmin', role: 'admin' },
      { id: DEMO_IDS.member, username: 'guapmember', role: 'user' },
      { id: DEMO_IDS.moderator, username: 'guapmod', role: 'moderator' },
    ]);
  });
});

describe('reading the forum', () => {
  it('GET threads (latest): category and author embedded, newest first, limit 10', async () => {
    const { data, error } = await stack
      .anon()
      .from('threads')
      .select(THREAD_EMBEDS)
      .order('created_at', { ascending: false })
      .limit(10);
    expect(error).toBeNull();
    const threads = data as ThreadRow[];
    expect(threads).toHaveLength(10);
    expect(
      isSorted(
        threads.map((t) => t.created_at),
        true,
      ),
    ).toBe(true);
    expect(threads[0]!.category).toEqual({
      name: expect.any(String),
      slug: expect.any(String),
      color: expect.any(String),
      type: expect.any(String),
    });
    expect(threads[0]!.author).toEqual({ username: expect.any(String), avatar_url: null, role: expect.any(String) });
  });

  it('GET categories: active only, by order_index, optionally of one type', async () => {
    const all = await stack.anon().from('categories').select('*').eq('is_active', true).order('order_index');
    const support = await stack
      .anon()
      .from('categories')
      .select('*')
      .eq('is_active', true)
      .eq('type', 'support')
      .order('order_index');
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThanOrEqual(12);
    expect(support.data!.map((c: { slug: string }) => c.slug)).toEqual([
      'getting-started',
      'technical-support',
      'security-scams',
      'forum-feedback',
    ]);
  });

  it('GET all categories: active, by type then order_index, every type with several', async () => {
    const { data, error } = await stack
      .anon()
      .from('categories')
      .select('id,name,slug,color,type,order_index')
      .eq('is_active', true)
      .order('type')
      .order('order_index');
    expect(error).toBeNull();
    const keys = (data as { type: string; order_index: number }[]).map(
      (c) => `${c.type}:${String(c.order_index).padStart(3, '0')}`,
    );
    expect(isSorted(keys)).toBe(true);
    for (const type of ['guapcoin', 'crypto', 'support']) {
      expect(data!.filter((c: { type: string }) => c.type === type).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('GET thread by id and by slug: the first match with category and author', async () => {
    const slug = 'welcome-to-the-guapcoin-forum-read-this-first';
    const bySlug = await stack
      .anon()
      .from('threads')
      .select(THREAD_EMBEDS)
      .eq('slug', slug)
      .limit(1)
      .single<ThreadRow>();
    expect(bySlug.error).toBeNull();
    expect(bySlug.data!.author).toEqual({ username: 'guapadmin', avatar_url: null, role: 'admin' });
    expect(bySlug.data!.is_pinned).toBe(true);
    const byId = await stack
      .anon()
      .from('threads')
      .select(THREAD_EMBEDS)
      .eq('id', bySlug.data!.id)
      .limit(1)
      .single<ThreadRow>();
    expect(byId.data!.slug).toBe(slug);
  });

  it('GET posts: every post of the 200-reply thread with its author, oldest first', async () => {
    const { data: thread } = await stack
      .anon()
      .from('threads')
      .select('id,reply_count')
      .eq('slug', 'guapx-price-and-market-megathread')
      .single<{ id: string; reply_count: number }>();
    expect(thread!.reply_count).toBe(200);
    const { data, error } = await stack
      .anon()
      .from('posts')
      .select('*, author:profiles!author_id(id,username,avatar_url,role)')
      .eq('thread_id', thread!.id)
      .order('created_at', { ascending: true });
    expect(error).toBeNull();
    const posts = data as { type: string; created_at: string; author: { username: string } }[];
    expect(posts).toHaveLength(201);
    expect(posts[0]!.type).toBe('thread');
    expect(isSorted(posts.map((p) => p.created_at))).toBe(true);
    expect(posts.every((p) => p.author.username.length >= 3)).toBe(true);
  });

  it('GET threads by category type: the type’s category ids, then their threads, pinned first then newest', async () => {
    const { data: categories } = await stack
      .anon()
      .from('categories')
      .select('id')
      .eq('type', 'guapcoin')
      .eq('is_active', true);
    const ids = (categories as { id: string }[]).map((c) => c.id);
    const { data, error } = await stack
      .anon()
      .from('threads')
      .select(THREAD_EMBEDS)
      .in('category_id', ids)
      .order('is_pinned', { ascending: false })
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const threads = data as ThreadRow[];
    expect(threads.length).toBeGreaterThan(5);
    expect(threads.every((t) => t.category!.type === 'guapcoin')).toBe(true);
    const firstUnpinned = threads.findIndex((t) => !t.is_pinned);
    expect(firstUnpinned).toBeGreaterThan(0);
    expect(threads.slice(firstUnpinned).every((t) => !t.is_pinned)).toBe(true);
    expect(
      isSorted(
        threads.slice(firstUnpinned).map((t) => t.created_at),
        true,
      ),
    ).toBe(true);
  });

  it('GET profile by id, within the 10-second time-out', async () => {
    const { data, error } = await stack
      .anon()
      .from('profiles')
      .select(PROFILE_COLUMNS)
      .eq('id', DEMO_IDS.moderator)
      .abortSignal(AbortSignal.timeout(10_000))
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toMatchObject({ username: 'guapmod', role: 'moderator', is_banned: false });
  });

  it('GET profiles: newest first with limit and offset; by reputation for members; 1000 for moderation', async () => {
    const page = await stack
      .anon()
      .from('profiles')
      .select(PROFILE_COLUMNS)
      .order('created_at', { ascending: false })
      .range(0, 49);
    const second = await stack
      .anon()
      .from('profiles')
      .select('id')
      .order('created_at', { ascending: false })
      .range(2, 3);
    const byReputation = await stack
      .anon()
      .from('profiles')
      .select('username,reputation')
      .order('reputation', { ascending: false })
      .limit(50);
    const moderation = await admin
      .from('profiles')
      .select(PROFILE_COLUMNS)
      .order('created_at', { ascending: false })
      .limit(1000);
    expect(page.error).toBeNull();
    expect(page.data!.length).toBe(8);
    expect(
      isSorted(
        page.data!.map((p: { created_at: string }) => p.created_at),
        true,
      ),
    ).toBe(true);
    expect(second.data!.map((p: { id: string }) => p.id)).toEqual(
      page.data!.slice(2, 4).map((p: { id: string }) => p.id),
    );
    expect(byReputation.data![0]).toEqual({ username: 'guapadmin', reputation: 980 });
    expect(moderation.data!.length).toBe(8);
  });

  it('GET thread and post author ids for a set of authors, to count per author', async () => {
    const ids = [DEMO_IDS.admin, DEMO_IDS.member];
    const threads = await stack.anon().from('threads').select('author_id').in('author_id', ids);
    const posts = await stack.anon().from('posts').select('author_id').in('author_id', ids);
    expect(threads.error).toBeNull();
    expect(posts.error).toBeNull();
    const count = (rows: { author_id: string }[], id: string) => rows.filter((r) => r.author_id === id).length;
    const expected = await dbRow<{ threads: number; posts: number }>(
      stack,
      `select (select count(*)::int from public.threads where author_id = $1) as threads,
              (select count(*)::int from public.posts where author_id = $1) as posts`,
      [DEMO_IDS.admin],
    );
    expect(count(threads.data!, DEMO_IDS.admin)).toBe(expected!.threads);
    expect(count(posts.data!, DEMO_IDS.admin)).toBe(expected!.posts);
  });

  it('GET profiles for message recipients: id and username, excluding self, by username', async () => {
    const { data, error } = await member
      .from('profiles')
      .select('id,username')
      .neq('id', DEMO_IDS.member)
      .order('username');
    expect(error).toBeNull();
    const names = (data as { username: string }[]).map((p) => p.username);
    expect(names).not.toContain('guapmember');
    expect(names).toHaveLength(7);
    expect(isSorted(names)).toBe(true);
  });

  it('GET categories ordered by order_index (bulk page), and a count-only connection test', async () => {
    const list = await admin.from('categories').select('*').order('order_index');
    const count = await stack.anon().from('categories').select('*', { count: 'exact', head: true });
    expect(list.error).toBeNull();
    expect(count.error).toBeNull();
    expect(count.count).toBe(list.data!.length);
  });
});

describe('writing threads and posts', () => {
  async function categoryId(slug: string): Promise<string> {
    const { data } = await stack.anon().from('categories').select('id').eq('slug', slug).single<{ id: string }>();
    return data!.id;
  }

  it('POST thread answers id and slug; POST post answers the created record; PATCH thread counters is harmless', async () => {
    const slug = `my-first-staking-rewards-${randomUUID().slice(0, 8)}`;
    const thread = await member
      .from('threads')
      .insert({
        title: 'My first staking rewards',
        slug,
        category_id: await categoryId('mining-staking'),
        author_id: DEMO_IDS.member,
        is_pinned: false,
        is_locked: false,
        is_ad: false,
        view_count: 0,
        reply_count: 0,
      })
      .select('id,slug')
      .single<{ id: string; slug: string }>();
    expect(thread.error).toBeNull();
    expect(thread.data!.slug).toBe(slug);
    const post = await member
      .from('posts')
      .insert({
        thread_id: thread.data!.id,
        author_id: DEMO_IDS.member,
        content: 'Got my first **GUAPX** staking reward today!',
        type: 'thread',
        images: [],
      })
      .select()
      .limit(1);
    expect(post.error).toBeNull();
    expect(post.data![0]).toMatchObject({ type: 'thread', is_first_post: true, author_id: DEMO_IDS.member });
    const reply = await moderator
      .from('posts')
      .insert({
        thread_id: thread.data!.id,
        author_id: DEMO_IDS.moderator,
        content: 'Congrats!',
        type: 'reply',
        images: [],
      })
      .select();
    expect(reply.error).toBeNull();
    // The app then PATCHes the thread with the old count plus one; the server's count is kept either way.
    const patch = await moderator
      .from('threads')
      .update({ reply_count: 1, last_reply_at: new Date().toISOString() })
      .eq('id', thread.data!.id);
    expect(patch.error).toBeNull();
    expect(await dbRow(stack, 'select reply_count from public.threads where id = $1', [thread.data!.id])).toEqual({
      reply_count: 1,
    });
  });

  it('PATCH post by id and author_id: content, images, is_edited, updated_at', async () => {
    const threadId = await makeThread(stack, DEMO_IDS.admin);
    const id = await makeReply(stack, threadId, DEMO_IDS.member, 'Frist!');
    const { data, error } = await member
      .from('posts')
      .update({
        content: 'First!',
        images: ['https://example.test/a.png'],
        is_edited: true,
        updated_at: new Date().toISOString(),
      })
      .eq('id', id)
      .eq('author_id', DEMO_IDS.member)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ content: 'First!', images: ['https://example.test/a.png'], is_edited: true });
  });

  it('DELETE post by id and author_id', async () => {
    const id = await makeReply(stack, await makeThread(stack, DEMO_IDS.admin), DEMO_IDS.member);
    const { error } = await member.from('posts').delete().eq('id', id).eq('author_id', DEMO_IDS.member);
    expect(error).toBeNull();
    expect(await dbRow(stack, 'select id from public.posts where id = $1', [id])).toBeUndefined();
  });

  it('DELETE all posts of a thread, then DELETE the thread (moderator)', async () => {
    const threadId = await makeThread(stack, DEMO_IDS.member);
    await makeReply(stack, threadId, DEMO_IDS.admin);
    const posts = await moderator.from('posts').delete().eq('thread_id', threadId);
    const thread = await moderator.from('threads').delete().eq('id', threadId);
    expect(posts.error).toBeNull();
    expect(thread.error).toBeNull();
    expect(await dbRow(stack, 'select id from public.threads where id = $1', [threadId])).toBeUndefined();
  });

  it('POST threads then POST posts with is_first_post (bulk creation by an admin)', async () => {
    const category = await categoryId('announcements');
    for (const title of ['Bulk thread number one', 'Bulk thread number two']) {
      const slug = `${title.toLowerCase().replace(/\s+/g, '-')}-${randomUUID().slice(0, 6)}`;
      const thread = await admin
        .from('threads')
        .insert({ title, slug, category_id: category, author_id: DEMO_IDS.admin })
        .select('id,slug')
        .single<{ id: string }>();
      expect(thread.error).toBeNull();
      const post = await admin.from('posts').insert({
        thread_id: thread.data!.id,
        author_id: DEMO_IDS.admin,
        content: `Content of ${title}, long enough.`,
        type: 'thread',
        is_first_post: true,
      });
      expect(post.error).toBeNull();
    }
  });

  it('rpc increment_thread_view_count with payload thread_id', async () => {
    const { data: thread } = await stack
      .anon()
      .from('threads')
      .select('id,view_count')
      .limit(1)
      .single<{ id: string; view_count: number }>();
    const { error } = await stack.anon().rpc('increment_thread_view_count', { thread_id: thread!.id });
    expect(error).toBeNull();
    expect(await dbRow(stack, 'select view_count from public.threads where id = $1', [thread!.id])).toEqual({
      view_count: thread!.view_count + 1,
    });
  });
});

describe('profiles, roles and bans', () => {
  it('PATCH profile by id: form values, avatar_url, notification_preferences, privacy_settings', async () => {
    const me = await createMember(stack);
    const patch = (values: Record<string, unknown>) =>
      me.client
        .from('profiles')
        .update({ ...values, updated_at: new Date().toISOString() })
        .eq('id', me.id)
        .select(PROFILE_COLUMNS)
        .maybeSingle();
    const form = await patch({
      username: `${me.username}_x`,
      display_name: 'Me',
      bio: 'Hi',
      wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const avatar = await patch({ avatar_url: 'http://127.0.0.1/storage/v1/object/public/avatars/me.png' });
    const prefs = await patch({
      notification_preferences: { emailReplies: false, emailMentions: true, emailMessages: true, pushEnabled: true },
    });
    const privacy = await patch({ privacy_settings: { showOnline: false, allowMessages: false, showActivity: true } });
    for (const r of [form, avatar, prefs, privacy]) expect(r.error).toBeNull();
    expect(privacy.data).toMatchObject({ display_name: 'Me', avatar_url: expect.stringContaining('avatars') });
    const mine = await me.client
      .from('profile_private')
      .select('notification_preferences,privacy_settings')
      .eq('id', me.id)
      .single();
    expect(mine.data).toEqual({
      notification_preferences: { emailReplies: false, emailMentions: true, emailMessages: true, pushEnabled: true },
      privacy_settings: { showOnline: false, allowMessages: false, showActivity: true },
    });
  });

  it('PATCH profile {role} by an admin, and {is_banned}', async () => {
    const target = await createMember(stack);
    expect((await admin.from('profiles').update({ role: 'moderator' }).eq('id', target.id)).error).toBeNull();
    expect((await admin.from('profiles').update({ is_banned: true }).eq('id', target.id)).error).toBeNull();
    expect(await dbRow(stack, 'select role, is_banned from public.profiles where id = $1', [target.id])).toEqual({
      role: 'moderator',
      is_banned: true,
    });
  });

  it('POST banned_users, DELETE posts by author_id, GET banned list with username and email, DELETE banned_users', async () => {
    const target = await createMember(stack);
    await makeReply(stack, await makeThread(stack, DEMO_IDS.admin), target.id);
    const ban = await admin
      .from('banned_users')
      .insert({ user_id: target.id, banned_by: DEMO_IDS.admin, reason: 'Spam', delete_posts: true });
    const posts = await admin.from('posts').delete().eq('author_id', target.id);
    expect(ban.error).toBeNull();
    expect(posts.error).toBeNull();
    const list = await admin.from('banned_user_list').select('*').order('banned_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data![0]).toMatchObject({
      user_id: target.id,
      username: target.username,
      email: target.email,
      delete_posts: true,
    });
    const unban = await admin.from('banned_users').delete().eq('user_id', target.id);
    expect(unban.error).toBeNull();
    expect(await dbRow(stack, 'select is_banned from public.profiles where id = $1', [target.id])).toEqual({
      is_banned: false,
    });
  });

  it('DELETE profile by id, then rpc delete_user: the account is gone', async () => {
    const leaver = await createMember(stack);
    const profile = await leaver.client.from('profiles').delete().eq('id', leaver.id);
    expect(profile.error).toBeNull();
    const { error } = await leaver.client.rpc('delete_user');
    expect(error).toBeNull();
    expect(await dbRow(stack, 'select id from public.profiles where id = $1', [leaver.id])).toBeUndefined();
    expect(await dbRow(stack, 'select id from auth.users where id = $1', [leaver.id])).toBeUndefined();
  });
});

describe('messages', () => {
  it('GET messages: inbox by recipient_id and sent by sender_id, with both parties, newest first', async () => {
    const inbox = await member
      .from('messages')
      .select(MESSAGE_SELECT)
      .eq('recipient_id', DEMO_IDS.member)
      .order('created_at', { ascending: false });
    const sent = await member
      .from('messages')
      .select(MESSAGE_SELECT)
      .eq('sender_id', DEMO_IDS.member)
      .order('created_at', { ascending: false });
    expect(inbox.error).toBeNull();
    expect(inbox.data!.length).toBeGreaterThanOrEqual(3);
    expect(
      isSorted(
        inbox.data!.map((m: { created_at: string }) => m.created_at),
        true,
      ),
    ).toBe(true);
    expect(inbox.data![0]).toMatchObject({
      recipient: { id: DEMO_IDS.member, username: 'guapmember', avatar_url: null },
      sender: { username: expect.any(String) },
    });
    expect(sent.data!.length).toBeGreaterThanOrEqual(2);
  });

  it('GET messages count: unread for the current member, count only', async () => {
    const { count, data, error } = await member
      .from('messages')
      .select('*', { count: 'exact', head: true })
      .eq('recipient_id', DEMO_IDS.member)
      .eq('is_read', false);
    expect(error).toBeNull();
    expect(data).toBeNull();
    const expected = await dbRow<{ n: number }>(
      stack,
      'select count(*)::int as n from public.messages where recipient_id = $1 and not is_read',
      [DEMO_IDS.member],
    );
    expect(count).toBe(expected!.n);
    expect(count).toBeGreaterThan(0);
  });

  it('POST messages, PATCH {is_read: true} by id and recipient, DELETE by id where sender or recipient', async () => {
    const sent = await member
      .from('messages')
      .insert({
        sender_id: DEMO_IDS.member,
        recipient_id: DEMO_IDS.moderator,
        subject: 'Question',
        content: 'How do I report a scam?',
      })
      .select()
      .single<{ id: string }>();
    expect(sent.error).toBeNull();
    const read = await moderator
      .from('messages')
      .update({ is_read: true })
      .eq('id', sent.data!.id)
      .eq('recipient_id', DEMO_IDS.moderator);
    expect(read.error).toBeNull();
    expect(await dbRow(stack, 'select is_read from public.messages where id = $1', [sent.data!.id])).toEqual({
      is_read: true,
    });
    const removed = await moderator
      .from('messages')
      .delete()
      .eq('id', sent.data!.id)
      .or(`sender_id.eq.${DEMO_IDS.moderator},recipient_id.eq.${DEMO_IDS.moderator}`);
    expect(removed.error).toBeNull();
    expect(await dbRow(stack, 'select id from public.messages where id = $1', [sent.data!.id])).toBeUndefined();
  });
});
