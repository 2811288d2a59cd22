// Thread tools through the outbox, on a fake-indexeddb mirror: the header's row changes at once, the write waits.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { openMirror } from '../../data/mirror.ts';
import { toThreadRow } from '../../data/rows.ts';
import { pendingTargets } from '../pending.ts';
import { enqueueUpdateThread } from './updateThread.ts';

const category = (id: string, type: 'guapcoin' | 'support') => ({
  id,
  name: id,
  description: null,
  slug: id,
  color: '#eab308',
  type,
  order_index: 1,
  is_active: true,
  sync_txid: 1,
});

it('shows pin, lock and move at once, queues one write per change, and none for what the thread already is', async () => {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.categories.bulkPut([category('general', 'guapcoin'), category('help', 'support')]);
  const at = '2026-11-01T00:00:00Z';
  await db.threads.put(
    toThreadRow(
      {
        id: 't',
        slug: 'a-thread',
        title: 'A thread',
        category_id: 'general',
        author_id: 'm',
        is_pinned: false,
        is_locked: false,
        is_ad: false,
        view_count: 0,
        reply_count: 0,
        last_reply_at: null,
        highest_post_number: 0,
        created_at: at,
        updated_at: at,
        sync_txid: 3,
      },
      'guapcoin',
    ),
  );
  const ctx = { db, userId: 'mod', now: () => 1 };
  expect(await enqueueUpdateThread(ctx, { threadId: 't', changes: { is_locked: false } })).toBeNull();
  expect(await enqueueUpdateThread(ctx, { threadId: 'gone', changes: { is_pinned: true } })).toBeNull();

  const pin = await enqueueUpdateThread(ctx, { threadId: 't', changes: { is_pinned: true, is_locked: false } });
  const move = await enqueueUpdateThread(ctx, { threadId: 't', changes: { category_id: 'help' } });
  expect(await db.threads.get('t')).toMatchObject({
    is_pinned: true,
    _pin: 1,
    is_locked: false,
    category_id: 'help',
    // The category page of the new type lists it at once.
    _category_type: 'support',
  });
  const entries = await db.outbox.toArray();
  expect(entries.map((e) => [e.id, e.write])).toEqual([
    [pin, { kind: 'updateThread', id: 't', changes: { is_pinned: true }, previous: { is_pinned: false } }],
    [move, { kind: 'updateThread', id: 't', changes: { category_id: 'help' }, previous: { category_id: 'general' } }],
  ]);
  // While they wait, pulls leave the thread's row alone.
  expect(await pendingTargets(db)).toEqual(new Set(['t']));
});
