// A like taken back: deleted by its id. Taking back a like that still waits to be sent cancels both writes.
import { deleteLike, readOwnLike } from '../../backend/likes.ts';
import { outboxEntry, type WriteContext } from '../enqueue.ts';
import { describeFailure } from '../errors.ts';
import { rowsOf } from '../pushRequests.ts';
import type { PushContext, PushOutcome, WriteKind } from '../writeKind.ts';
import { ownLike, postChange, refusedOrRethrow, type NewLike } from './like.ts';

interface UnlikeWrite {
  kind: 'unlike';
  like: NewLike;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    unlike: UnlikeWrite;
  }
}

async function pushUnlike(ctx: PushContext, write: UnlikeWrite): Promise<PushOutcome> {
  const { like } = write;
  try {
    // No row deleted means it is gone already (a retry after a lost answer, another device): the same outcome.
    rowsOf(await deleteLike(ctx.client, like.id));
  } catch (error) {
    // Refused: the heart shows the like the server still has.
    const still = rowsOf(await readOwnLike(ctx.client, like.post_id, like.user_id))[0];
    const restore = still ? [{ table: 'likes' as const, row: still }] : [];
    return refusedOrRethrow(
      ctx,
      error,
      like.post_id,
      restore,
      (f) => `Your like could not be taken back. ${describeFailure(f)}`,
    );
  }
  return { result: 'sent', changes: [{ table: 'likes', deleted: like.id }, ...(await postChange(ctx, like.post_id))] };
}

export const unlike = {
  name: 'unlike',
  tables: ['likes', 'posts'],
  // The post: pulls leave its count and its like rows alone while the unlike waits.
  target: (write) => write.like.post_id,
  push: pushUnlike,
  shownOn: (write) => ({ post: write.like.post_id }),
} satisfies WriteKind<UnlikeWrite>;

export async function enqueueUnlike(ctx: WriteContext, postId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.likes, db.posts, db.outbox, db.failed], async () => {
    const row = await ownLike(ctx, postId);
    if (!row) return;
    const { id, post_id, user_id } = row;
    await db.likes.delete(id);
    if (row._status === 'failed') {
      // Refused, so never counted by the server nor here any more: giving it up is the whole unlike.
      await db.failed.filter((f) => f.write.kind === 'like' && f.write.like.id === id).delete();
      return;
    }
    const post = await db.posts.get(postId);
    if (post) await db.posts.update(postId, { like_count: Math.max(0, post.like_count - 1) });
    const waiting = await db.outbox.filter((e) => e.write.kind === 'like' && e.write.like.id === id).first();
    if (waiting?.seq !== undefined) {
      // Dropping it is the whole unlike when no attempt may have landed (settle takes back one on the wire now).
      await db.outbox.delete(waiting.seq);
      if (waiting.attempts === 0) return;
    }
    await db.outbox.add(outboxEntry(ctx, { kind: 'unlike', like: { id, post_id, user_id } }));
  });
}
