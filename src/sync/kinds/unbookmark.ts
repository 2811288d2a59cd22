// A bookmark removed: deleted by its member and post, whatever id the server gave it. Removing a bookmark whose own
// write still waits unsent drops both, and nothing is sent.
import type { WriteContext } from '../enqueue.ts';
import { outboxEntry } from '../enqueue.ts';
import { rowsOf } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';
import { bookmarkTarget } from './bookmark.ts';

interface UnbookmarkWrite {
  kind: 'unbookmark';
  id: string;
  postId: string;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    unbookmark: UnbookmarkWrite;
  }
}

export const unbookmark = {
  name: 'unbookmark',
  tables: ['bookmarks'],
  target: (write) => bookmarkTarget(write.postId),
  async push(ctx, write) {
    // No row deleted means it is gone already (a retry after a lost answer, another device): the same outcome.
    rowsOf(
      await ctx.client.from('bookmarks').delete().eq('user_id', ctx.userId).eq('post_id', write.postId).select('id'),
    );
    return { result: 'sent', changes: [{ table: 'bookmarks', deleted: write.id }] };
  },
  shownOn: (write) => ({ post: write.postId }),
} satisfies WriteKind<UnbookmarkWrite>;

export async function enqueueUnbookmark(ctx: WriteContext, bookmarkId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.bookmarks, db.outbox, db.failed], async () => {
    const row = await db.bookmarks.get(bookmarkId);
    if (!row || row.user_id !== ctx.userId) return;
    await db.bookmarks.delete(bookmarkId);
    // A row the server sent has a sync_txid; one made here has none until the server answers it.
    const onServer = row.sync_txid > 0;
    if (row._status === 'failed') {
      // Refused: the refused write is given up. A new bookmark was never on the server, so that is the whole removal;
      // a note change of a saved one was, so the removal is still sent.
      await db.failed.filter((f) => f.write.kind === 'bookmark' && f.write.id === bookmarkId).delete();
      if (!onServer) return;
    }
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'bookmark' && e.write.postId === row.post_id)
      .first();
    if (waiting?.seq !== undefined) {
      // Dropping it is the whole removal when neither it nor an earlier write may have reached the server (settle
      // takes back one on the wire now).
      await db.outbox.delete(waiting.seq);
      if (waiting.attempts === 0 && !onServer) return;
    }
    await db.outbox.add(outboxEntry(ctx, { kind: 'unbookmark', id: bookmarkId, postId: row.post_id }));
  });
}
