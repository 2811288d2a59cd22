import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { enqueueDeletePost, enqueueEdit, enqueueReply } from '../../sync/outbox.ts';
import { openMirror, type Mirror } from '../mirror.ts';
import { toThreadRow } from '../rows.ts';
import type { PostRow, ThreadRow } from '../types.ts';
import { searchMirror } from './search.ts';

const LIMITS = { threads: 6, members: 4 };
const newMirror = () => openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });

function thread(id: string, title: string, createdAt = '2026-11-01T00:00:00Z'): ThreadRow {
  return toThreadRow(
    {
      id,
      slug: id,
      title,
      category_id: 'cat',
      author_id: 'u1',
      is_pinned: false,
      is_locked: false,
      is_ad: false,
      view_count: 0,
      reply_count: 0,
      last_reply_at: null,
      highest_post_number: 1,
      created_at: createdAt,
      updated_at: createdAt,
      sync_txid: 1,
    },
    'guapcoin',
  );
}

function post(id: string, threadId: string, content: string, createdAt = '2026-11-02T00:00:00Z'): PostRow {
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
    created_at: createdAt,
    updated_at: createdAt,
    sync_txid: 1,
  };
}

const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => Date.parse('2026-11-20T10:00:00Z') });

/** The threads a query finds, each as its id and, for a post match, the post's id. */
async function found(db: Mirror, query: string) {
  const { threads } = await searchMirror(db, query, LIMITS);
  return threads.map((t) => [t.thread_id, t.post_id]);
}

describe('mirror search through the word index', () => {
  it('finds a post once it arrives, by any word of it, ignoring case and accents', async () => {
    const db = newMirror();
    await db.threads.put(thread('t1', 'Running a node'));
    expect(await found(db, 'collateral')).toEqual([]);
    await db.posts.bulkPut([post('p1', 't1', 'The CAFÉ takes GUAPX: 1,000 collateral for a masternode.')]);
    expect(await found(db, 'collateral')).toEqual([['t1', 'p1']]);
    expect(await found(db, 'cafe guapx')).toEqual([['t1', 'p1']]);
    expect(await found(db, 'Café')).toEqual([['t1', 'p1']]);
    expect(await found(db, '1,000')).toEqual([['t1', 'p1']]);
    // A query leaves out short and common words, which the index need not hold, when it has others.
    expect(await found(db, 'for a masternode')).toEqual([['t1', 'p1']]);
  });

  it('matches each word typed so far as the start of a word, and needs every one', async () => {
    const db = newMirror();
    await db.threads.bulkPut([thread('t1', 'Masternodes'), thread('t2', 'Wallets')]);
    await db.posts.bulkPut([
      post('p1', 't1', 'Masternode collateral is locked'),
      post('p2', 't2', 'Wallet collateral shown in the balance'),
    ]);
    const typed = ['c', 'co', 'col', 'coll'];
    for (const query of typed)
      expect((await found(db, query)).sort()).toEqual([
        ['t1', 'p1'],
        ['t2', 'p2'],
      ]);
    expect(await found(db, 'masternode colla')).toEqual([['t1', 'p1']]);
    expect(await found(db, 'locked colla')).toEqual([['t1', 'p1']]);
    expect(await found(db, 'ollateral')).toEqual([]);
    expect(await found(db, 'collateral missing')).toEqual([]);
  });

  it('finds an edited post by its new words only, and a deleted one no more', async () => {
    const db = newMirror();
    await db.threads.put(thread('t1', 'Staking'));
    await db.posts.put(post('p1', 't1', 'Rewards arrive daily'));
    await enqueueEdit(writer(db), { postId: 'p1', content: 'Payouts arrive weekly', images: [] });
    expect(await found(db, 'daily')).toEqual([]);
    expect(await found(db, 'weekly payouts')).toEqual([['t1', 'p1']]);
    // Any other change to the row (a like counted) keeps its words.
    await db.posts.update('p1', { like_count: 3 });
    expect(await found(db, 'weekly')).toEqual([['t1', 'p1']]);
    await enqueueDeletePost(writer(db), 'p1');
    expect(await found(db, 'weekly')).toEqual([]);
  });

  it("finds a member's own reply while it waits to be sent", async () => {
    const db = newMirror();
    await db.threads.put(thread('t1', 'Staking'));
    await enqueueReply(writer(db), { threadId: 't1', content: 'Offline words: zebra', images: [] });
    const { threads } = await searchMirror(db, 'zebra', LIMITS);
    expect(threads).toMatchObject([{ thread_id: 't1', snippet: 'Offline words: [[zebra]]' }]);
  });

  it('lists title matches newest first, then threads whose posts match, opening posts first', async () => {
    const db = newMirror();
    await db.threads.bulkPut([
      thread('old', 'Pool fees', '2026-11-01T00:00:00Z'),
      thread('new', 'Pool fees again', '2026-11-03T00:00:00Z'),
      thread('reply', 'Something else', '2026-11-04T00:00:00Z'),
      thread('opening', 'Another topic', '2026-11-05T00:00:00Z'),
    ]);
    await db.posts.bulkPut([
      post('r1', 'reply', 'which pool is best', '2026-11-06T00:00:00Z'),
      { ...post('o1', 'opening', 'my pool setup', '2026-11-05T00:00:00Z'), is_first_post: true },
    ]);
    expect(await found(db, 'pool')).toEqual([
      ['new', null],
      ['old', null],
      ['opening', 'o1'],
      ['reply', 'r1'],
    ]);
    // An edited title is found by its new words.
    await db.threads.update('old', { title: 'Pool payouts' });
    expect(await found(db, 'payouts')).toEqual([['old', null]]);
  });

  it('answers words that thousands of posts hold with matching posts only, up to the limit', async () => {
    const db = newMirror();
    // More posts hold "guapx" than the index lists for one word, so each way of reading many matches is taken.
    const minute = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const threads = Array.from({ length: 5_100 }, (_, i) => thread(`t${i}`, `Topic ${i}`, minute(i)));
    await db.threads.bulkPut(threads);
    await db.posts.bulkPut(
      threads.map((t, i) => post(`p${i}`, t.id, i % 2 ? `guapx wallet number ${i}` : `guapx node number ${i}`)),
    );
    for (const [query, snippet] of [
      ['guapx wal', /^\[\[guapx\]\] \[\[wal\]\]let number \d+$/],
      ['guapx', /^\[\[guapx\]\] (wallet|node) number \d+$/],
      ['node numb', /^guapx \[\[node\]\] \[\[numb\]\]er \d+$/],
    ] as const) {
      const { threads: hits } = await searchMirror(db, query, LIMITS);
      expect(hits).toHaveLength(LIMITS.threads);
      for (const hit of hits) expect(hit.snippet).toMatch(snippet);
    }
    // Titles: the newest of thousands, and the newest of the few that hold a rarer word too.
    expect((await found(db, 'topic')).map(([id]) => id)).toEqual([
      't5099',
      't5098',
      't5097',
      't5096',
      't5095',
      't5094',
    ]);
    expect((await found(db, 'topic 420')).map(([id]) => id)).toEqual([
      't4209',
      't4208',
      't4207',
      't4206',
      't4205',
      't4204',
    ]);
    // Writing 10,000 rows to fake-indexeddb takes seconds on a loaded machine.
  }, 60_000);
});
