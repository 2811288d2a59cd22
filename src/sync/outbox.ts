// The writes the app makes, each changing the mirror and joining the outbox in one Dexie transaction. A kind's own
// enqueue lives in its file; a post's edit and delete live here, as they first meet whatever write still waits for
// that post, of whichever kind.
import type { Mirror } from '../data/mirror.ts';
import { outboxEntry, type WriteContext } from './enqueue.ts';
import { kindOf } from './writeKinds.ts';

export type { WriteContext } from './enqueue.ts';
export { enqueueDeleteMessage } from './kinds/deleteMessage.ts';
export { enqueueMarkRead } from './kinds/markRead.ts';
export { enqueueMarkNotificationsRead, markMessageNotificationsRead } from './kinds/markNotificationsRead.ts';
export { enqueueMessage } from './kinds/message.ts';
export { enqueueReply } from './kinds/reply.ts';
export { enqueueThread, type NewThreadInput } from './kinds/thread.ts';
export { enqueueUpdateSettings, type SettingsChange } from './kinds/updateSettings.ts';

/** The waiting outbox entry that creates or edits this post, if any, with its kind's post hooks. */
async function waitingFor(db: Mirror, postId: string) {
  const entry = await db.outbox.filter((e) => kindOf(e.write).post?.id(e.write) === postId).first();
  const post = entry && kindOf(entry.write).post;
  return entry?.seq !== undefined && post ? { entry, seq: entry.seq, post } : undefined;
}

export async function enqueueEdit(ctx: WriteContext, input: { postId: string; content: string; images: string[] }) {
  const { db } = ctx;
  await db.transaction('rw', [db.posts, db.outbox], async () => {
    const post = await db.posts.get(input.postId);
    if (!post) throw new Error('This post is no longer on this device.');
    const waiting = await waitingFor(db, input.postId);
    await db.posts.put({ ...post, content: input.content, images: input.images, is_edited: true, _status: 'sending' });
    if (waiting) {
      // Not sent yet: the edit replaces the text that will be sent, with the base version it already carries.
      const { entry } = waiting;
      const write = waiting.post.fold(entry.write, input.content, input.images);
      await db.outbox.put({ ...entry, write, rev: entry.rev + 1 });
      return;
    }
    await db.outbox.add(
      outboxEntry(ctx, {
        kind: 'editPost',
        id: input.postId,
        content: input.content,
        images: input.images,
        baseVersion: post.version,
      }),
    );
  });
}

export async function enqueueDeletePost(ctx: WriteContext, postId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.posts, db.outbox], async () => {
    const waiting = await waitingFor(db, postId);
    await db.posts.delete(postId);
    if (waiting) {
      const { drop, sendDelete } = waiting.post.onDelete(waiting.entry.write, waiting.entry.attempts);
      if (drop) await db.outbox.delete(waiting.seq);
      if (!sendDelete) return;
    }
    await db.outbox.add(outboxEntry(ctx, { kind: 'deletePost', id: postId }));
  });
}
