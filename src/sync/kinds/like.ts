// A like of another member's post: a row with an id made on this device, so a retry after a lost answer cannot like
// twice; the post's count moves at once on the device, and the server's triggers keep the real count and reputation.
import { insertLike, readOwnLike } from '../../backend/likes.ts';
import { AppError } from '../../backend/errors.ts';
import type { LikeRow } from '../../data/types.ts';
import { newId, outboxEntry, type WriteContext } from '../enqueue.ts';
import { classifyFailure, describeFailure, type BackendFailure } from '../errors.ts';
import { fetchRow, PushFailure, rowsOf } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

/** A like as the server stores it, without the columns the server fills in. */
export interface NewLike {
  id: string;
  post_id: string;
  user_id: string;
}

interface LikeWrite {
  kind: 'like';
  like: NewLike;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    like: LikeWrite;
  }
}

/** The like as this device shows it until the server has it. */
function localLike(like: NewLike, at: string): LikeRow {
  return { ...like, created_at: at, sync_txid: 0, _status: 'sending' };
}

/** The post as the server counts it now, when it is still there: the like count its triggers keep. */
export async function postChange(ctx: PushContext, postId: string): Promise<MirrorChange[]> {
  const post = await fetchRow(ctx, 'posts', postId);
  return post ? [{ table: 'posts', row: post }] : [{ table: 'posts', deleted: postId }];
}

function refusalReason(failure: BackendFailure): string {
  if (failure.code === '23503') return 'This post was deleted, so your like could not be saved.';
  return `Your like could not be saved. ${describeFailure(failure)}`;
}

/** A refusal the member must see; anything a retry may fix goes back to pushWrite unchanged. */
export async function refusedOrRethrow(
  ctx: PushContext,
  error: unknown,
  postId: string,
  restore: MirrorChange[],
  reason: (failure: BackendFailure) => string,
): Promise<PushOutcome> {
  if (!(error instanceof PushFailure) || classifyFailure(error.failure) === 'retry') throw error;
  const changes = [...restore, ...(await postChange(ctx, postId))];
  return { result: 'failed', failure: error.failure, reason: reason(error.failure), changes };
}

async function pushLike(ctx: PushContext, write: LikeWrite): Promise<PushOutcome> {
  const { like } = write;
  let stored: LikeRow | undefined;
  let duplicate: unknown;
  try {
    stored = rowsOf(await insertLike(ctx.client, like))[0];
  } catch (error) {
    // 23505 is a like already there (from another device): a success, if it is this member's like of this post.
    if (!(error instanceof PushFailure && error.failure.code === '23505')) {
      return refusedOrRethrow(ctx, error, like.post_id, [], refusalReason);
    }
    duplicate = error;
  }
  // A retry after a lost answer inserts nothing: the like is read back, under whichever id it has.
  stored ??= rowsOf(await readOwnLike(ctx.client, like.post_id, like.user_id))[0];
  if (!stored && duplicate) return refusedOrRethrow(ctx, duplicate, like.post_id, [], refusalReason);
  if (!stored) throw new PushFailure({ message: 'The new like could not be read back', status: 404 });
  const changes: MirrorChange[] = stored.id === like.id ? [] : [{ table: 'likes', deleted: like.id }];
  changes.push({ table: 'likes', row: stored }, ...(await postChange(ctx, like.post_id)));
  return { result: 'sent', changes };
}

export const like = {
  name: 'like',
  tables: ['likes', 'posts'],
  // The post: pulls leave its count alone while the like waits, and leave its like rows alone too.
  target: (write) => write.like.post_id,
  push: pushLike,
  creates: {
    rows: (write) => [{ table: 'likes', id: write.like.id }],
    async put(db, write, at) {
      await db.likes.put(localLike(write.like, at));
    },
  },
  // Unliked while on the wire: the server has the like now, so it is taken back there too.
  undo: (write) => ({ kind: 'unlike', like: write.like }),
  shownOn: (write) => ({ post: write.like.post_id }),
} satisfies WriteKind<LikeWrite>;

/** The signed-in member's like of a post on this device, sent, waiting or refused. */
export function ownLike(ctx: WriteContext, postId: string) {
  return ctx.db.likes.where('[user_id+post_id]').equals([ctx.userId, postId]).first();
}

export async function enqueueLike(ctx: WriteContext, postId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.likes, db.posts, db.outbox, db.failed], async () => {
    const post = await db.posts.get(postId);
    if (!post) throw new AppError('refused', 'This post is no longer on this device.');
    if (post.author_id === ctx.userId) throw new AppError('refused', 'You cannot like your own post.');
    const existing = await ownLike(ctx, postId);
    if (existing?._status === 'failed') {
      // Liking again after a refusal is a fresh attempt: the refused one leaves the failed list.
      await db.likes.delete(existing.id);
      await db.failed.filter((f) => f.write.kind === 'like' && f.write.like.id === existing.id).delete();
    } else if (existing) return;
    const write: LikeWrite = { kind: 'like', like: { id: newId(ctx), post_id: postId, user_id: ctx.userId } };
    await like.creates.put(db, write, new Date(ctx.now()).toISOString());
    await db.posts.update(postId, { like_count: post.like_count + 1 });
    await db.outbox.add(outboxEntry(ctx, write));
  });
}
