// A reply deleted by its author before, or while, it goes out: what the server is left with, on a fake-indexeddb mirror.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../data/mirror.ts';
import type { OutboxEntry } from '../../data/outboxTypes.ts';
import type { PostRow } from '../../data/types.ts';
import { enqueueDeletePost, enqueueReply } from '../outbox.ts';
import { settleRetry, settleSent } from '../settle.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
const writer = (db: Mirror) => ({ db, userId: 'u1', now: () => now });

async function replyOnTheWire() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  const id = await enqueueReply(writer(db), { threadId: 't1', content: 'On my way', images: [] });
  const [sent] = await db.outbox.toArray();
  return { db, id, sent: sent! };
}

/** The writes left to send, and whether the member still sees the reply. */
async function state(db: Mirror, id: string) {
  const outbox = await db.outbox.toArray();
  return { waiting: outbox.map((e) => e.write), shown: (await db.posts.get(id)) !== undefined };
}

/** The row the server answers with for the sent reply. */
function serverRow(sent: OutboxEntry): PostRow {
  if (sent.write.kind !== 'reply') throw new Error('expected a reply');
  const { post } = sent.write;
  return {
    ...post,
    post_number: 2,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: '2026-11-20T10:00:01Z',
    updated_at: '2026-11-20T10:00:01Z',
    sync_txid: 12,
  };
}

describe('a reply deleted by its author', () => {
  it('before it was ever sent: dropped, and nothing goes out', async () => {
    const { db, id } = await replyOnTheWire();
    await enqueueDeletePost(writer(db), id);
    expect(await state(db, id)).toEqual({ waiting: [], shown: false });
  });

  it('while on the wire, and the server took it: a delete follows, and it stays gone here', async () => {
    const { db, id, sent } = await replyOnTheWire();
    await enqueueDeletePost(writer(db), id);
    await settleSent(db, sent, { result: 'sent', changes: [{ table: 'posts', row: serverRow(sent) }] });
    expect(await state(db, id)).toEqual({ waiting: [{ kind: 'deletePost', id }], shown: false });
  });

  it('while on the wire, and its answer was lost: a delete follows, since the server may have it', async () => {
    const { db, id, sent } = await replyOnTheWire();
    await enqueueDeletePost(writer(db), id);
    await settleRetry(db, sent, now + 1000, 'fetch failed');
    expect(await state(db, id)).toEqual({ waiting: [{ kind: 'deletePost', id }], shown: false });
  });
});
