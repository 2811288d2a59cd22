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
    if (row._status === 'failed') {
      // Refused, so the server never had it: giving it up is the whole removal.
      await db.failed.filter((f) => f.write.kind === 'bookmark' && f.write.id === bookmarkId).delete();
      return;
    }
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'bookmark' && e.write.postId === row.post_id)
      .first();
    if (waiting?.seq !== undefined) {
      // Dropping it is the whole removal when no attempt may have landed (settle takes back one on the wire now).
      await db.outbox.delete(waiting.seq);
      if (waiting.attempts === 0) return;
    }
    await db.outbox.add(outboxEntry(ctx, { kind: 'unbookmark', id: bookmarkId, postId: row.post_id }));
  });
}
