// The word index as postings: a write adds the ids of its rows under their words, in the same transaction, and
// nothing is taken out; a search checks each candidate against the row's text as it is now.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from './mirror.ts';
import { searchMirror } from './queries/search.ts';
import { toThreadRow } from './rows.ts';
import type { PostRow } from './types.ts';
import { splitsWords } from './wordIndex.ts';
import { postedIds } from './wordPostings.ts';

const LIMITS = { threads: 6, members: 4 };
const newMirror = () => openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });

function post(id: string, threadId: string, content: string): PostRow {
  return {
    id,
    thread_id: threadId,
    author_id: 'u1',
    content,
    type: 'reply',
    images: [],
    is_first_post: false,
    post_number: 2,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: '2026-11-02T00:00:00Z',
    updated_at: '2026-11-02T00:00:00Z',
    sync_txid: 1,
  };
}

/** A mirror with threads t1..tn, titled so that no title matches the posts' words. */
async function mirrorWithThreads(count: number): Promise<Mirror> {
  const db = newMirror();
  const at = '2026-11-01T00:00:00Z';
  await db.threads.bulkPut(
    Array.from({ length: count }, (_, i) =>
      toThreadRow(
        {
          id: `t${i + 1}`,
          slug: `t${i + 1}`,
          title: `Topic ${i + 1}`,
          category_id: 'cat',
          author_id: 'u1',
          is_pinned: false,
          is_locked: false,
          is_ad: false,
          view_count: 0,
          reply_count: 0,
          last_reply_at: null,
          highest_post_number: 1,
          created_at: at,
          updated_at: at,
          sync_txid: 1,
        },
        'guapcoin',
      ),
    ),
  );
  return db;
}

/** The segments of posts not merged yet. */
const postSegments = (db: Mirror) => db.table('wordSegments').where(':id').startsWith('posts ').count();

/** The posts a query finds, by id. */
async function foundPosts(db: Mirror, query: string) {
  const { threads } = await searchMirror(db, query, LIMITS);
  return threads.map((t) => t.post_id).sort();
}

describe('the word index as postings', () => {
  // Its writes split their words from the first (wordIndex.test.ts writes before they can).
  beforeAll(() => splitsWords());

  it('does not find a post pulled again with new text by its old word, though the old posting stays', async () => {
    const db = await mirrorWithThreads(1);
    await db.posts.put(post('p1', 't1', 'Rewards arrive daily'));
    await db.posts.put({ ...post('p1', 't1', 'Payouts arrive weekly'), version: 2, sync_txid: 2 });
    expect(await postedIds(db, 'posts', 'daily', 10)).toEqual(['p1']);
    expect(await foundPosts(db, 'daily')).toEqual([]);
    expect(await foundPosts(db, 'weekly')).toEqual(['p1']);
  });

  it('does not find a deleted post', async () => {
    const db = await mirrorWithThreads(1);
    await db.posts.bulkPut([post('p1', 't1', 'Collateral locked'), post('p2', 't1', 'Collateral freed')]);
    await db.posts.delete('p1');
    expect(await foundPosts(db, 'collateral')).toEqual(['p2']);
    expect(await foundPosts(db, 'locked')).toEqual([]);
  });

  it('finds a post that arrives between two keystrokes of the same query', async () => {
    const db = await mirrorWithThreads(2);
    await db.posts.put(post('p1', 't1', 'Seed phrase backup'));
    expect(await foundPosts(db, 'seed phrase')).toEqual(['p1']);
    await db.posts.put(post('p2', 't2', 'Seed phrase lost'));
    expect(await foundPosts(db, 'seed phrase los')).toEqual(['p2']);
    expect(await foundPosts(db, 'seed phrase')).toEqual(['p1', 'p2']);
  });

  it('finds a word by its start as it is typed, never by its middle', async () => {
    const db = await mirrorWithThreads(2);
    await db.posts.bulkPut([post('p1', 't1', 'A masternode went down'), post('p2', 't2', 'The master key')]);
    for (const typed of ['m', 'ma', 'mas', 'mast', 'master']) expect(await foundPosts(db, typed)).toEqual(['p1', 'p2']);
    expect(await foundPosts(db, 'mastern')).toEqual(['p1']);
    expect(await foundPosts(db, 'aster')).toEqual([]);
    expect(await foundPosts(db, 'node')).toEqual([]);
  });

  it('finds only the posts holding every word of the query', async () => {
    const db = await mirrorWithThreads(4);
    await db.posts.bulkPut([
      post('p1', 't1', 'Staking rewards on a ledger'),
      post('p2', 't2', 'Staking needs a synced wallet'),
      post('p3', 't3', 'Rewards of the ledger'),
      post('p4', 't4', 'Staking rewards on a desktop wallet'),
    ]);
    expect(await foundPosts(db, 'staking')).toEqual(['p1', 'p2', 'p4']);
    expect(await foundPosts(db, 'staking rewards')).toEqual(['p1', 'p4']);
    expect(await foundPosts(db, 'staking rew led')).toEqual(['p1']);
    expect(await foundPosts(db, 'wallet ledger')).toEqual([]);
  });

  it('adds no postings for a row put back with the text it had when its transaction read it', async () => {
    const db = await mirrorWithThreads(1);
    await db.posts.put(post('p1', 't1', 'Rewards arrive daily'));
    const postings = await db.table('wordSegments').count();
    await db.posts.update('p1', { like_count: 4 });
    // As a pull stores a page: the rows it replaces are read first, in the same transaction.
    await db.transaction('rw', db.posts, async () => {
      await db.posts.bulkGet(['p1']);
      await db.posts.bulkPut([{ ...post('p1', 't1', 'Rewards arrive daily'), like_count: 5, sync_txid: 3 }]);
    });
    expect(await db.table('wordSegments').count()).toBe(postings);
    expect(await foundPosts(db, 'daily')).toEqual(['p1']);
    await db.transaction('rw', db.posts, async () => {
      await db.posts.get('p1');
      await db.posts.put({ ...post('p1', 't1', 'Rewards arrive hourly'), sync_txid: 4 });
    });
    expect(await foundPosts(db, 'hourly')).toEqual(['p1']);
  });

  it('writes the postings in the transaction of a write that names only the posts', async () => {
    const db = await mirrorWithThreads(1);
    await db.transaction('rw', [db.posts, db.outbox], async () => {
      await db.posts.put(post('p1', 't1', 'Written with the outbox'));
    });
    expect(await foundPosts(db, 'outbox')).toEqual(['p1']);
    // A write that fails takes its postings with it.
    await expect(
      db.transaction('rw', db.posts, async () => {
        await db.posts.put(post('p2', 't1', 'Never written: zebra'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await postedIds(db, 'posts', 'zebra', 10)).toEqual([]);
  });

  it('merges the segments of many writes into bucket rows, and finds rows merged and not yet merged alike', async () => {
    const db = await mirrorWithThreads(2);
    const words: Record<number, string> = { 7: 'walrus', 1_999: 'narwhal' };
    const chunk = (from: number) =>
      Array.from({ length: 200 }, (_, i) => post(`p${from + i}`, 't1', `About staking ${words[from + i] ?? ''}`));
    for (let from = 0; from < 2_000; from += 200) {
      await db.transaction('rw', db.posts, async () => {
        await db.posts.bulkPut(chunk(from));
      });
    }
    // The tenth write of 200 rows found 2,000 rows in segments and merged them.
    expect(await postSegments(db)).toBe(0);
    expect(await db.table('postWords').count()).toBeGreaterThan(0);
    await db.posts.put(post('p2000', 't2', 'One more about staking, and a zebra'));
    await db.posts.put({ ...post('p7', 't1', 'Edited: now about a zebra'), version: 2, sync_txid: 2 });
    expect(await postSegments(db)).toBe(2);
    expect(await postedIds(db, 'posts', 'staking', 5_000)).toHaveLength(2_001);
    expect(await foundPosts(db, 'zebra')).toEqual(['p2000', 'p7']);
    expect(await postedIds(db, 'posts', 'walrus', 10)).toEqual(['p7']);
    expect(await foundPosts(db, 'walrus')).toEqual([]);
    expect(await foundPosts(db, 'narwhal')).toEqual(['p1999']);
  });

  it('merges the segments of many small writes, a member writing one row at a time', async () => {
    const db = await mirrorWithThreads(1);
    for (let i = 0; i < 40; i++) await db.posts.put(post(`p${i}`, 't1', `Note ${i} on the ledger`));
    expect(await postSegments(db)).toBeLessThan(32);
    expect(await postedIds(db, 'posts', 'ledger', 100)).toHaveLength(40);
  });
});
