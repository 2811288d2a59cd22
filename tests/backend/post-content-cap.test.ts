// Post content is capped at 100,000 characters in the database: past it, a reply or an edit is a 400 check violation
// that changes nothing (it was a 500 from the search index); up to it, the post is stored and found by search.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

const CAP = 100_000;

let stack: TestStack;
let member: Awaited<ReturnType<TestStack['newMember']>>;
let threadId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: true });
  member = await stack.newMember();
  const { data: category } = await stack.anon().from('categories').select('id').limit(1).single<{ id: string }>();
  const { data, error } = await member.client
    .from('threads')
    .insert({ title: 'Long posts', slug: 'long-posts', category_id: category!.id, author_id: member.id })
    .select('id')
    .single<{ id: string }>();
  if (error) throw new Error(error.message);
  threadId = data!.id;
});
afterAll(() => stack.close());

/** Distinct letter-only words ("aaa", "aab", ...), each its own lexeme, so the search index grows with the text. */
function distinctWords(length: number): string {
  const words: string[] = [];
  let size = 0;
  for (let n = 0; size < length; n++) {
    let word = '';
    for (let k = n + 26 * 27; k > 0; k = Math.floor(k / 26)) word = String.fromCharCode(97 + (k % 26)) + word;
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ').slice(0, length).trimEnd().padEnd(length, 'x');
}

const reply = (content: string) =>
  member.client.from('posts').insert({ thread_id: threadId, author_id: member.id, content, type: 'reply' });

const postsOfThread = async () =>
  (await stack.db.query('select id from public.posts where thread_id = $1', [threadId])).rows.length;

describe('post content cap', () => {
  test('a reply of about 670 KB of distinct words is 400 23514 and stores nothing', async () => {
    const before = await postsOfThread();
    const { status, error } = await reply(distinctWords(670 * 1024));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain('posts_content_max_length');
    expect(await postsOfThread()).toBe(before);
  });

  test('one character past the cap is refused; a post of exactly the cap is stored and found by search', async () => {
    const before = await postsOfThread();
    expect((await reply(distinctWords(CAP + 1))).error?.code).toBe('23514');
    expect(await postsOfThread()).toBe(before);

    const content = distinctWords(CAP);
    const lastWord = content.split(' ').at(-2)!;
    const { data, error } = await reply(content).select('id, content').single<{ id: string; content: string }>();
    expect(error).toBeNull();
    expect(data!.content).toHaveLength(CAP);
    const { data: found, error: searchError } = await stack.anon().rpc('search_forum', { query: lastWord });
    const hits = found as { post_id: string | null }[];
    expect(searchError).toBeNull();
    expect(hits.map((h) => h.post_id)).toContain(data!.id);
  });

  test('an edit past the cap is refused and leaves the post as it was', async () => {
    const { data } = await reply('A short reply').select('id').single<{ id: string }>();
    const { status, error } = await member.client
      .from('posts')
      .update({ content: 'y '.repeat(CAP) })
      .eq('id', data!.id);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    const { rows } = await stack.db.query<{ content: string }>('select content from public.posts where id = $1', [
      data!.id,
    ]);
    expect(rows[0]?.content).toBe('A short reply');
  });
});
