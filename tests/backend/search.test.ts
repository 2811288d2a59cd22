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
  /** A new member's thread whose opening post says `content`; answers the thread's id. */
  async function threadSaying(slug: string, content: string): Promise<string> {
    const member = await stack.newMember();
    const { data: category } = await stack.service().from('categories').select('id').limit(1).single<{ id: string }>();
    const { data: created, error } = await member.client
      .from('threads')
      .insert({ title: `Thread ${slug}`, slug, category_id: category!.id, author_id: member.id })
      .select('id')
      .single<{ id: string }>();
    expect(error).toBeNull();
    const { error: postError } = await member.client
      .from('posts')
      .insert({ thread_id: created!.id, author_id: member.id, content, type: 'thread', is_first_post: true });
    expect(postError).toBeNull();
    return created!.id;
  }

  it('finds a thread by a word of its opening post, with the word marked in the snippet', async () => {
    const id = await threadSaying(
      'cold-storage-long-run',
      'I keep my GUAPX on a hardware wallet called Zephyrvault, offline.',
    );

    const { data, error: searchError } = await stack.anon().rpc('search_forum', { query: 'zephyrvault' });
    expect(searchError).toBeNull();
    const hits = data as Hit[];
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ thread_id: id, slug: 'cold-storage-long-run' });
    expect(hits[0]!.snippet).toContain('[[Zephyrvault]]');
  });

  it('finds the words inside file names, hosts and paths, and the whole name as written', async () => {
    const id = await threadSaying(
      'node-will-not-sync',
      'Delete quillnode.dat, then fetch the list from zorbex.example/bootstrapfiles and restart the node.',
    );

    for (const query of ['quillnode', 'bootstrapfiles', 'zorbex', 'quillnode.dat', 'zorbex.example/bootstrapfiles']) {
      const { data, error } = await stack.anon().rpc('search_forum', { query });
      expect(error).toBeNull();
      expect((data as Hit[]).map((hit) => hit.thread_id)).toEqual([id]);
    }
    const { data } = await stack.anon().rpc('search_forum', { query: 'quillnode.dat' });
    expect((data as Hit[])[0]!.snippet).toContain('[[quillnode.dat]]');
  });

  it('finds the seeded replies that name peers.dat by the word peers', async () => {
    const { data, error } = await stack.anon().rpc('search_forum', { query: 'peers', max_results: 50 });
    expect(error).toBeNull();
    const ids = (data as Hit[]).flatMap((hit) => (hit.post_id ? [hit.post_id] : []));
    const { data: posts } = await stack.service().from('posts').select('content').in('id', ids);
    expect(posts!.filter((post) => (post.content as string).includes('peers.dat')).length).toBeGreaterThan(0);
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
