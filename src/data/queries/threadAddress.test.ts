// Which thread /t/{idOrSlug} opens on this device, and the address shown for it, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../mirror.ts';
import { toThreadRow } from '../rows.ts';
import type { ThreadRow } from '../types.ts';
import { openedThread, threadRowAt } from './threadAddress.ts';
import { linkAddress, slugAliasMap } from './linkAddress.ts';
import { latestThreads } from './threads.ts';

const MINE = '10000000-0000-4000-8000-000000000001';
const THEIRS = '10000000-0000-4000-8000-000000000002';

function thread(id: string, slug: string, status?: ThreadRow['_status']): ThreadRow {
  const at = '2026-11-20T10:00:00Z';
  const row = toThreadRow(
    {
      id,
      slug,
      title: slug,
      category_id: 'c1',
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
    'crypto',
  );
  return status ? { ...row, _status: status } : row;
}

let db: Mirror;
beforeEach(() => {
  db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
});

const opened = async (address: string) => {
  const found = await openedThread(db, address);
  return found && { id: found.id, address: found.address };
};

describe('a thread address on this device', () => {
  it('opens a thread by its id or its slug, and shows it at its slug', async () => {
    await db.threads.put(thread(MINE, 'hello'));
    expect(await opened(MINE)).toEqual({ id: MINE, address: 'hello' });
    expect(await opened('hello')).toEqual({ id: MINE, address: 'hello' });
    expect(await opened('hello-again')).toBeUndefined();
  });

  it('opens a thread at the slug this device showed for it before the server settled it on another', async () => {
    await db.threads.put(thread(MINE, 'hello-k3x9a'));
    await db.slugAliases.put({ slug: 'hello', thread_id: MINE });
    expect(await opened('hello')).toEqual({ id: MINE, address: 'hello-k3x9a' });
    expect(await opened('hello-k3x9a')).toEqual({ id: MINE, address: 'hello-k3x9a' });
  });

  it('keeps that slug for the thread this device showed under it when another thread holds it now', async () => {
    await db.threads.bulkPut([thread(MINE, 'hello-k3x9a'), thread(THEIRS, 'hello')]);
    await db.slugAliases.put({ slug: 'hello', thread_id: MINE });
    expect(await opened('hello')).toEqual({ id: MINE, address: 'hello-k3x9a' });
    // Shown at its slug, the other thread would open this device's own: it keeps its id as its address here.
    expect(await opened(THEIRS)).toEqual({ id: THEIRS, address: THEIRS });
    // And the lists link it by its id too.
    const listed = (await latestThreads(db, 10)).map((t) => [t.id, t.address] as const);
    expect(new Map(listed)).toEqual(
      new Map([
        [MINE, 'hello-k3x9a'],
        [THEIRS, THEIRS],
      ]),
    ); // As do links from results found elsewhere (search, a member's activity), which name a thread by id and slug.
    const aliases = await slugAliasMap(db);
    expect(linkAddress({ id: THEIRS, slug: 'hello' }, aliases.get('hello'))).toBe(THEIRS);
    expect(linkAddress({ id: MINE, slug: 'hello-k3x9a' }, aliases.get('hello-k3x9a'))).toBe('hello-k3x9a');
  });

  it('lets a slug go to its current thread once the thread it was shown for is gone from the mirror', async () => {
    await db.threads.put(thread(THEIRS, 'hello'));
    await db.slugAliases.put({ slug: 'hello', thread_id: MINE });
    expect(await opened('hello')).toEqual({ id: THEIRS, address: 'hello' });
  });

  it('opens the thread waiting to send here when a pulled thread has the same slug', async () => {
    await db.threads.bulkPut([thread(THEIRS, 'hello'), thread(MINE, 'hello', 'sending')]);
    expect((await threadRowAt(db, 'hello'))?.id).toBe(MINE);
    expect(await opened('hello')).toEqual({ id: MINE, address: 'hello' });
    expect(await opened(THEIRS)).toEqual({ id: THEIRS, address: THEIRS });
  });
});
