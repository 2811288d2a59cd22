import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MIRROR_VERSIONS, openMirror } from './mirror.ts';
import { openAsVersion } from './mirrorAsVersion.ts';
import { failedWrites } from './queries/failedWrites.ts';
import { searchMirror } from './queries/search.ts';

describe('mirror schema migrations', () => {
  it('upgrades every older version to the current one, keeping unsent and failed writes', async () => {
    for (let from = 1; from < MIRROR_VERSIONS.length; from++) {
      const factory = new IDBFactory();
      const old = openAsVersion(factory, from);
      const write = { kind: 'reply', post: { id: 'p1', thread_id: 't1', content: 'Kept across upgrades' } };
      await old.table('outbox').add({ id: 'e1', userId: 'u1', write, createdAt: 1, rev: 0, attempts: 0, notBefore: 0 });
      await old.table('failed').bulkAdd([
        { id: 'f1', userId: 'u1', write, createdAt: 1, failedAt: 10, reason: 'older' },
        { id: 'f2', userId: 'u1', write, createdAt: 2, failedAt: 20, reason: 'newer' },
      ]);
      old.close();

      const current = openMirror({ indexedDB: factory, IDBKeyRange });
      expect((await current.outbox.toArray()).map((e) => e.id)).toEqual(['e1']);
      expect((await failedWrites(current, 'u1')).map((f) => f.reason)).toEqual(['newer', 'older']);
      expect(current.verno).toBe(MIRROR_VERSIONS.length);
      current.close();
    }
  });

  it('gives profiles and posts of version 3 their new counters, and pulls every profile again', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 3);
    await old.table('profiles').add({ id: 'u1', username: 'ada', reputation: 4, sync_txid: 9 });
    await old
      .table('posts')
      .add({ id: 'p1', thread_id: 't1', content: 'Hello', created_at: '2026-11-01', sync_txid: 9 });
    await old.table('cursors').bulkAdd([
      { table: 'profiles', txid: 9 },
      { table: 'posts', txid: 9 },
    ]);
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect(await current.profiles.get('u1')).toMatchObject({ thread_count: 0, reply_count: 0, last_seen_at: null });
    expect((await current.posts.get('p1'))?.like_count).toBe(0);
    expect((await current.cursors.get('profiles'))?.txid).toBe(0);
    // Upgrade 7 pulls the posts again, for their numbers.
    expect((await current.cursors.get('posts'))?.txid).toBe(1);
    current.close();
  });

  it('adds empty notification tables to a version 4 mirror, keeping its rows and cursors', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 4);
    await old.table('likes').add({ id: 'l1', post_id: 'p1', user_id: 'u1', created_at: '2026-11-01', sync_txid: 3 });
    await old.table('cursors').add({ table: 'messages', txid: 7, owner: 'u1' });
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect(await current.notifications.count()).toBe(0);
    expect(await current.pushedNotifications.count()).toBe(0);
    expect(await current.likes.get('l1')).toMatchObject({ post_id: 'p1' });
    expect(await current.cursors.get('messages')).toEqual({ table: 'messages', txid: 7, owner: 'u1' });
    expect(await current.cursors.get('notifications')).toBeUndefined();
    current.close();
  });

  it('gives posts of a version 5 mirror hidden_at null and an empty reports table', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 5);
    await old
      .table('posts')
      .add({ id: 'p1', thread_id: 't1', content: 'Hello', like_count: 2, created_at: '2026-11-01', sync_txid: 9 });
    await old.table('cursors').add({ table: 'posts', txid: 9 });
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect(await current.posts.get('p1')).toMatchObject({ content: 'Hello', like_count: 2, hidden_at: null });
    expect(await current.reports.count()).toBe(0);
    // Upgrade 7 pulls the posts again, for their numbers.
    expect((await current.cursors.get('posts'))?.txid).toBe(1);
    current.close();
  });

  it('gives threads and posts of a version 6 mirror their post numbers as 0, and pulls both again', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 6);
    await old.table('threads').add({ id: 't1', slug: 't1', title: 'A thread', created_at: '2026-11-01', sync_txid: 9 });
    await old
      .table('posts')
      .add({ id: 'p1', thread_id: 't1', content: 'Hello', created_at: '2026-11-01', sync_txid: 9 });
    await old.table('likes').add({ id: 'l1', post_id: 'p1', user_id: 'u1', created_at: '2026-11-01', sync_txid: 3 });
    await old.table('cursors').bulkAdd([
      { table: 'threads', txid: 9 },
      { table: 'posts', txid: 9 },
      { table: 'post_likes', txid: 3, owner: 'u1' },
    ]);
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect((await current.threads.get('t1'))?.highest_post_number).toBe(0);
    expect(await current.posts.get('p1')).toMatchObject({ content: 'Hello', post_number: 0 });
    expect((await current.cursors.get('threads'))?.txid).toBe(0);
    // Above 0, which would skip the window: the posts of the threads this device keeps come again, numbered.
    expect((await current.cursors.get('posts'))?.txid).toBe(1);
    expect(await current.cursors.get('post_likes')).toEqual({ table: 'post_likes', txid: 3, owner: 'u1' });
    expect(await current.threadReads.count()).toBe(0);
    expect(await current.bookmarks.count()).toBe(0);
    current.close();
  });

  it('indexes the words of the threads and posts a version 7 mirror holds, so search finds them', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 7);
    await old.table('threads').bulkAdd([
      { id: 't1', slug: 't1', title: 'Masternode guide', created_at: '2026-11-01', sync_txid: 9 },
      { id: 't2', slug: 't2', title: 'Wallets', created_at: '2026-11-02', sync_txid: 9 },
    ]);
    await old.table('posts').add({
      id: 'p1',
      thread_id: 't2',
      content: 'Lock the Collateral first',
      is_first_post: true,
      created_at: '2026-11-02',
      sync_txid: 9,
    });
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    const found = async (query: string) =>
      (await searchMirror(current, query, { threads: 6, members: 0 })).threads.map((t) => [t.thread_id, t.post_id]);
    expect(await found('master')).toEqual([['t1', null]]);
    expect(await found('collateral')).toEqual([['t2', 'p1']]);
    current.close();
  });

  it('moves the words a version 9 mirror keeps in each row to postings, built from every row', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 9);
    await old
      .table('threads')
      .add({ id: 't1', slug: 't1', title: 'Masternode guide', created_at: '2026-11-01', sync_txid: 9, _words: [] });
    // More posts than the upgrade reads at once.
    const posts = Array.from({ length: 2_100 }, (_, i) => ({
      id: `p${String(i).padStart(4, '0')}`,
      thread_id: 't1',
      content: i === 2_050 ? 'Lock the collateral first' : `Reply number ${i}`,
      created_at: '2026-11-02',
      sync_txid: 9,
      _words: ['stale'],
    }));
    await old.table('posts').bulkAdd(posts);
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    const found = async (query: string) =>
      (await searchMirror(current, query, { threads: 6, members: 0 })).threads.map((t) => [t.thread_id, t.post_id]);
    expect(await found('master')).toEqual([['t1', null]]);
    expect(await found('collateral')).toEqual([['t1', 'p2050']]);
    expect(await found('stale')).toEqual([]);
    expect(await current.posts.filter((p) => '_words' in p).count()).toBe(0);
    expect(current.posts.schema.indexes.map((i) => i.name)).not.toContain('_words');
    current.close();
  });

  it('writes again as strings the postings a version 10 mirror kept as objects, so search finds its rows', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 10);
    await old.table('threads').add({ id: 't1', slug: 't1', title: 'Wallets', created_at: '2026-11-01', sync_txid: 9 });
    await old.table('posts').add({
      id: 'p1',
      thread_id: 't1',
      content: 'Lock the collateral first',
      is_first_post: true,
      created_at: '2026-11-02',
      sync_txid: 9,
    });
    // As version 10 wrote them: each word but its bucket's letters, to its places (gap 0: the write's first row).
    await old
      .table('postWords')
      .bulkPut([{ lateral: '\x00' }, { ck: '\x00' }, { rst: '\x00' }], ['col w0', 'loc w0', 'fir w0']);
    await old.table('wordWrites').put('p1', 'w0');
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    const found = async (query: string) =>
      (await searchMirror(current, query, { threads: 6, members: 0 })).threads.map((t) => t.post_id);
    expect(await found('collateral')).toEqual(['p1']);
    expect(await found('lock first')).toEqual(['p1']);
    expect((await current.table('postWords').toArray()).every((row) => typeof row === 'string')).toBe(true);
    current.close();
  });

  it('finds the rows of the postings a version 11 mirror wrote, and keeps later writes in segments', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 11);
    await old.table('threads').bulkAdd([
      { id: 't1', slug: 't1', title: 'Wallets', created_at: '2026-11-01', sync_txid: 9 },
      { id: 't2', slug: 't2', title: 'Nodes', created_at: '2026-11-01', sync_txid: 9 },
    ]);
    await old.table('posts').add({
      id: 'p1',
      thread_id: 't1',
      content: 'Lock the collateral first',
      created_at: '2026-11-02',
      sync_txid: 9,
    });
    // As version 11 wrote them: each word but its bucket's letters, a space, 1 row, at gap 0 in the write's list.
    await old.table('postWords').bulkPut(['lateral \x01\x00', 'ck \x01\x00'], ['col w0', 'loc w0']);
    await old.table('wordWrites').put('p1', 'w0');
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    const found = async (query: string) =>
      (await searchMirror(current, query, { threads: 6, members: 0 })).threads.map((t) => t.post_id);
    expect(await found('collateral')).toEqual(['p1']);
    await current.posts.put({
      ...(await current.posts.get('p1'))!,
      id: 'p2',
      thread_id: 't2',
      content: 'Collateral unlocked',
      created_at: '2026-11-03',
    });
    expect(await current.table('wordSegments').count()).toBe(1);
    expect(await found('collateral')).toEqual(['p2', 'p1']);
    expect(await found('unlocked')).toEqual(['p2']);
    current.close();
  });

  it('finds the rows of the segments a version 12 mirror wrote by their words', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 12);
    await old.table('threads').add({ id: 't1', slug: 't1', title: 'Wallets', created_at: '2026-11-01', sync_txid: 9 });
    await old.table('posts').add({ id: 'p1', thread_id: 't1', content: 'Collateral locked', created_at: '2026-11-02' });
    // As version 12 wrote a segment: its ids, a newline, then each word whole, a space, 1 row, at gap 0.
    await old.table('wordSegments').put('p1\ncollateral \x01\x00locked \x01\x00', 'posts w0 1');
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    const found = async (query: string) =>
      (await searchMirror(current, query, { threads: 6, members: 0 })).threads.map((t) => t.post_id);
    expect(await found('collateral')).toEqual(['p1']);
    expect(await found('locked')).toEqual(['p1']);
    expect(await found('zebra')).toEqual([]);
    current.close();
  });

  it('adds an empty wallet table to a version 8 mirror, keeping its rows', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 8);
    await old.table('slugAliases').add({ slug: 'old-slug', thread_id: 't1' });
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect(await current.walletSnapshots.count()).toBe(0);
    expect(await current.slugAliases.get('old-slug')).toEqual({ slug: 'old-slug', thread_id: 't1' });
    current.close();
  });

  it('gives profiles of a version 8 mirror no wallet proof and no tips, and pulls every profile again', async () => {
    const factory = new IDBFactory();
    const old = openAsVersion(factory, 8);
    await old.table('profiles').add({ id: 'u1', username: 'ada', wallet_address: '0xabc', sync_txid: 9 });
    await old.table('cursors').bulkAdd([
      { table: 'profiles', txid: 9 },
      { table: 'threads', txid: 9 },
    ]);
    old.close();

    const current = openMirror({ indexedDB: factory, IDBKeyRange });
    expect(await current.profiles.get('u1')).toMatchObject({ wallet_verified: false, tips_received: 0 });
    expect((await current.cursors.get('profiles'))?.txid).toBe(0);
    expect((await current.cursors.get('threads'))?.txid).toBe(9);
    current.close();
  });

  it('gives each version the stores devices were given: the synced tables declare theirs by version', () => {
    const threads = 'id, slug, [_category_type+_pin+created_at], [category_id+_pin+created_at], created_at, _active_at';
    expect(MIRROR_VERSIONS.slice(0, 10)).toEqual([
      {
        categories: 'id, [type+order_index]',
        profiles: 'id, username, reputation',
        threads,
        posts: 'id, [thread_id+created_at], author_id',
        messages: 'id, [recipient_id+created_at], [sender_id+created_at], [recipient_id+_unread]',
        me: 'id',
        keptThreads: 'thread_id, touched_at',
        outbox: '++seq, &id, userId',
        failed: 'id, userId',
        cursors: 'table',
      },
      { failed: 'id, userId, [userId+failedAt]' },
      { workerSession: 'key' },
      { likes: 'id, [user_id+post_id], post_id' },
      { notifications: 'id, [recipient_id+created_at], [recipient_id+_unread]', pushedNotifications: 'id' },
      { reports: 'id, [reporter_id+post_id]' },
      { threadReads: 'thread_id', bookmarks: 'id, [user_id+created_at], post_id, thread_id' },
      { slugAliases: 'slug', threads: `${threads}, *_words`, posts: 'id, [thread_id+created_at], author_id, *_words' },
      { walletSnapshots: 'address' },
      { threads, posts: 'id, [thread_id+created_at], author_id', threadWords: '', postWords: '', wordWrites: '' },
    ]);
  });

  it('only ever appends versions: the first one still declares every table', () => {
    expect(Object.keys(MIRROR_VERSIONS[0]!).sort()).toEqual([
      'categories',
      'cursors',
      'failed',
      'keptThreads',
      'me',
      'messages',
      'outbox',
      'posts',
      'profiles',
      'threads',
    ]);
  });
});
