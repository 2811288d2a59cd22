// The rows a first page's HTML carried go into the mirror as a pull's would: a thread lands where the category page
// lists it, a newer row this device has stays, and a page whose script holds something else changes nothing.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror, type Mirror } from '../data/mirror.ts';
import { categoryTypeThreads } from '../data/queries/threads.ts';
import { embeddedFirstRows, type FirstRows } from '../data/firstRows.ts';
import { seedFirstRows } from './seedFirstRows.ts';

const at = '2026-11-20T10:00:00+00:00';

const rows: FirstRows = {
  page: 'category',
  categories: [
    {
      id: 'c1',
      name: 'Market Talk',
      description: '',
      slug: 'market-talk',
      color: '#888',
      type: 'crypto',
      order_index: 1,
      is_active: true,
      sync_txid: 5,
    },
  ],
  threads: [
    {
      id: 't1',
      slug: 'guapx-price',
      title: 'GUAPX price',
      category_id: 'c1',
      author_id: 'u1',
      is_pinned: true,
      is_locked: false,
      is_ad: false,
      view_count: 4,
      reply_count: 0,
      last_reply_at: null,
      highest_post_number: 1,
      created_at: at,
      updated_at: at,
      sync_txid: 7,
    },
  ],
  posts: [],
  profiles: [],
  threadCounts: {},
  readAt: Date.parse(at),
};

/** A document whose first-rows script holds `text`. */
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'first-rows' && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

/** The rows of a page as the app reads them, seeded when there are any. */
async function seedPage(db: Mirror, text: string | null) {
  const read = embeddedFirstRows(page(text));
  if (read) await seedFirstRows(db, read);
  return read;
}

it("puts the page's threads where the category page reads them, and keeps a newer version this device has", async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await seedPage(db, JSON.stringify(rows));
  const listed = await categoryTypeThreads(db, 'crypto');
  expect(listed.map((t) => [t.title, t.category?.name, t._pin])).toEqual([['GUAPX price', 'Market Talk', 1]]);

  await db.threads.update('t1', { title: 'Renamed since', sync_txid: 9 });
  await seedPage(db, JSON.stringify(rows));
  expect((await db.threads.get('t1'))?.title).toBe('Renamed since');
});

it('changes nothing for a page without rows, or with a script that holds something else', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  expect(await seedPage(db, null)).toBeUndefined();
  expect(await seedPage(db, '{"threads": "not a list"}')).toBeUndefined();
  expect(await seedPage(db, 'not json')).toBeUndefined();
  expect(await db.threads.count()).toBe(0);
  expect(await db.categories.count()).toBe(0);
});
