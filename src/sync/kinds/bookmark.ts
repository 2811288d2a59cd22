// A bookmark of a post, with an optional note: a row with an id made on this device, shown at once; a note changed
// while the bookmark waits joins that write. The server keeps one bookmark per member and post, so a second device's
// bookmark of the same post changes the note of the one there, and answers it with its own id.
import { AppError } from '../../backend/errors.ts';
import type { BookmarkRow } from '../../data/types.ts';
import type { WriteContext } from '../enqueue.ts';
import { newId, outboxEntry } from '../enqueue.ts';
import { BOOKMARK_COLUMNS } from '../../data/columns.ts';
import { classifyFailure, describeFailure, type BackendFailure } from '../errors.ts';
import { PushFailure, rowsOf } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

/** The longest note the database takes. */
export const BOOKMARK_NOTE_MAX = 500;
/** The database's own words for a note over the limit (its check, answered as a 400). */
export const NOTE_TOO_LONG = 'A bookmark note can be at most 500 characters';

/** `threadId` is the post's thread, so the row shows in the list before the server answers. */
interface BookmarkWrite {
  kind: 'bookmark';
  id: string;
  postId: string;
  threadId: string;
  note: string | null;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    bookmark: BookmarkWrite;
  }
}

/** What a waiting bookmark write of a post holds back from pulls: the member's bookmark of that post. */
export const bookmarkTarget = (postId: string) => `bookmarks/${postId}`;

function localBookmark(ctx: { userId: string }, write: BookmarkWrite, at: string): BookmarkRow {
  return {
    id: write.id,
    user_id: ctx.userId,
    post_id: write.postId,
    thread_id: write.threadId,
    note: write.note,
    created_at: at,
    updated_at: null,
    sync_txid: 0,
    _status: 'sending',
  };
}

function refusalReason(failure: BackendFailure): string {
  if (failure.code === '23503') return 'This post was deleted, so your bookmark could not be saved.';
  if (failure.code === '23514' || failure.code === '22001') return NOTE_TOO_LONG;
  return `Your bookmark could not be saved. ${describeFailure(failure)}`;
}

async function pushBookmark(ctx: PushContext, write: BookmarkWrite): Promise<PushOutcome> {
  const sent = {
    id: write.id,
    user_id: ctx.userId,
    post_id: write.postId,
    thread_id: write.threadId,
    note: write.note,
  };
  let stored: BookmarkRow | undefined;
  try {
    // A retry after a lost answer, or another device's bookmark of the post: the note of the row there changes.
    stored = rowsOf(
      await ctx.client.from('bookmarks').upsert(sent, { onConflict: 'user_id,post_id' }).select(BOOKMARK_COLUMNS),
    )[0];
  } catch (error) {
    if (!(error instanceof PushFailure) || classifyFailure(error.failure) === 'retry') throw error;
    return { result: 'failed', failure: error.failure, reason: refusalReason(error.failure), changes: [] };
  }
  if (!stored) throw new PushFailure({ message: 'The bookmark could not be read back', status: 404 });
  const changes: MirrorChange[] = stored.id === write.id ? [] : [{ table: 'bookmarks', deleted: write.id }];
  changes.push({ table: 'bookmarks', row: stored });
  return { result: 'sent', changes };
}

export const bookmark = {
  name: 'bookmark',
  tables: ['bookmarks'],
  target: (write) => bookmarkTarget(write.postId),
  push: pushBookmark,
  creates: {
    rows: (write) => [{ table: 'bookmarks', id: write.id }],
    async put(db, write, at) {
      const owner = (await db.outbox.filter((e) => e.write.kind === 'bookmark' && e.write.id === write.id).first())
        ?.userId;
      await db.bookmarks.put(localBookmark({ userId: owner ?? '' }, write, at));
    },
  },
  // Removed while on the wire: the server has it now, so it is removed there too.
  undo: (write) => ({ kind: 'unbookmark', id: write.id, postId: write.postId }),
  shownOn: (write) => ({ post: write.postId }),
} satisfies WriteKind<BookmarkWrite>;

/** The signed-in member's bookmark of a post on this device, sent, waiting or refused. */
function ownBookmark(ctx: WriteContext, postId: string) {
  return ctx.db.bookmarks
    .where('post_id')
    .equals(postId)
    .filter((b) => b.user_id === ctx.userId)
    .first();
}

/** Bookmarks a post, or changes the note of its bookmark; an empty note is no note. */
export async function enqueueBookmark(ctx: WriteContext, postId: string, note: string | null) {
  const { db } = ctx;
  const text = note?.trim() || null;
  // Counted in characters (code points), as the database and the dialog count them: an emoji is one.
  if (text && [...text].length > BOOKMARK_NOTE_MAX) throw new AppError('refused', NOTE_TOO_LONG);
  await db.transaction('rw', [db.bookmarks, db.posts, db.outbox, db.failed], async () => {
    const post = await db.posts.get(postId);
    const existing = await ownBookmark(ctx, postId);
    const threadId = existing?.thread_id ?? post?.thread_id;
    if (!threadId) throw new AppError('refused', 'This post is no longer on this device.');
    if (existing?._status === 'failed') {
      // Bookmarking again after a refusal is a fresh attempt: the refused one leaves the failed list.
      await db.failed.filter((f) => f.write.kind === 'bookmark' && f.write.id === existing.id).delete();
    } else if (existing && existing.note === text) return;
    const at = new Date(ctx.now()).toISOString();
    const write: BookmarkWrite = { kind: 'bookmark', id: existing?.id ?? newId(ctx), postId, threadId, note: text };
    await db.bookmarks.put(
      existing ? { ...existing, note: text, updated_at: at, _status: 'sending' } : localBookmark(ctx, write, at),
    );
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'bookmark' && e.write.postId === postId)
      .first();
    if (waiting) {
      await db.outbox.put({ ...waiting, write, rev: waiting.rev + 1 });
      return;
    }
    await db.outbox.add(outboxEntry(ctx, write));
  });
}
