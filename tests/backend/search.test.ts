// Server-side search (rpc search_forum) through supabase-js, against the seeded forum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

interface Hit {
  thread_id: string;
  slug: string;
  title: string;
  post_id: string | null;
  snippet: string | null;
}

describe('search_forum', () => {
  it('finds a thread by a word of its opening post, with the word marked in the snippet', async () => {
    const member = await stack.newMember();
    const { data: thread } = await stack.service().from('categories').select('id').limit(1).single<{ id: string }>();
    const { data: created, error } = await member.client
      .from('threads')
      .insert({
        title: 'Cold storage for the long run',
        slug: 'cold-storage-long-run',
        category_id: thread!.id,
        author_id: member.id,
      })
      .select('id')
      .single<{ id: string }>();
    expect(error).toBeNull();
    const { error: postError } = await member.client.from('posts').insert({
      thread_id: created!.id,
      author_id: member.id,
      content: 'I keep my GUAPX on a hardware wallet called Zephyrvault, offline.',
      type: 'thread',
      is_first_post: true,
    });
    expect(postError).toBeNull();

    const { data, error: searchError } = await stack.anon().rpc('search_forum', { query: 'zephyrvault' });
    expect(searchError).toBeNull();
    const hits = data as Hit[];
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ thread_id: created!.id, slug: 'cold-storage-long-run' });
    expect(hits[0]!.snippet).toContain('[[Zephyrvault]]');
  });

  it('ranks a title match above a match in a reply and stems words', async () => {
    const { data } = await stack.anon().rpc('search_forum', { query: 'staking', max_results: 5 });
    const hits = data as Hit[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(5);
    expect(hits[0]!.post_id).toBeNull();
    expect(hits[0]!.title.toLowerCase()).toMatch(/stak/);
  });

  it('answers an empty list, not an error, for words nobody wrote or for punctuation only', async () => {
    for (const query of ['qwzxv-nothing-matches', '!!! ???', '']) {
      const { data, error } = await stack.anon().rpc('search_forum', { query });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});
