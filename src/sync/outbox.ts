// Offline-first writes: each one changes the mirror and joins the outbox in a single Dexie transaction.
import type { Mirror } from '../data/mirror.ts';
import type { NewPost, OutboxEntry, Write } from '../data/outboxTypes.ts';
import { localMessage, localPost, localThread } from './localRows.ts';

export interface WriteContext {
  db: Mirror;
  userId: string;
  now: () => number;
  newId?: () => string;
}

const idOf = (ctx: WriteContext) => (ctx.newId ?? (() => crypto.randomUUID()))();

function entry(ctx: WriteContext, write: Write): OutboxEntry {
  return { id: idOf(ctx), userId: ctx.userId, write, createdAt: ctx.now(), rev: 0, attempts: 0, notBefore: 0 };
}

async function touchThread(ctx: WriteContext, threadId: string) {
  await ctx.db.keptThreads.put({ thread_id: threadId, touched_at: ctx.now() });
}

export interface NewThreadInput {
  categoryId: string;
  title: string;
  slug: string;
  content: string;
  images: string[];
}

export async function enqueueThread(ctx: WriteContext, input: NewThreadInput) {
  const { db } = ctx;
  const at = new Date(ctx.now()).toISOString();
  const thread = {
    id: idOf(ctx),
    slug: input.slug,
    title: input.title,
    category_id: input.categoryId,
    author_id: ctx.userId,
  };
  const post: NewPost = {
    id: idOf(ctx),
    thread_id: thread.id,
    author_id: ctx.userId,
    content: input.content,
    type: 'thread',
    images: input.images,
    is_first_post: true,
  };
  await db.transaction('rw', [db.threads, db.posts, db.outbox, db.keptThreads, db.categories], async () => {
    await db.threads.put(await localThread(db, thread, at));
    await db.posts.put(localPost(post, at));
    await touchThread(ctx, thread.id);
    await db.outbox.add(entry(ctx, { kind: 'thread', thread, post }));
  });
  return { threadId: thread.id, slug: thread.slug };
}

export async function enqueueReply(ctx: WriteContext, input: { threadId: string; content: string; images: string[] }) {
  const { db } = ctx;
  const post: NewPost = {
    id: idOf(ctx),
    thread_id: input.threadId,
    author_id: ctx.userId,
    content: input.content,
    type: 'reply',
    images: input.images,
    is_first_post: false,
  };
  await db.transaction('rw', [db.posts, db.outbox, db.keptThreads], async () => {
    await db.posts.put(localPost(post, new Date(ctx.now()).toISOString()));
    await touchThread(ctx, input.threadId);
    await db.outbox.add(entry(ctx, { kind: 'reply', post }));
  });
  return post.id;
}

/** The waiting outbox entry that creates or edits this post, if any: a new edit folds into it. */
async function waitingEntryFor(db: Mirror, postId: string) {
  return db.outbox
    .filter(
      (e) =>
        (e.write.kind === 'reply' && e.write.post.id === postId) ||
        (e.write.kind === 'thread' && e.write.post.id === postId) ||
        (e.write.kind === 'editPost' && e.write.id === postId),
    )
    .first();
}

export async function enqueueEdit(ctx: WriteContext, input: { postId: string; content: string; images: string[] }) {
  const { db } = ctx;
  await db.transaction('rw', [db.posts, db.outbox], async () => {
    const post = await db.posts.get(input.postId);
    if (!post) throw new Error('This post is no longer on this device.');
    const waiting = await waitingEntryFor(db, input.postId);
    await db.posts.put({ ...post, content: input.content, images: input.images, is_edited: true, _status: 'sending' });
    if (waiting?.seq !== undefined) {
      const write = waiting.write;
      // Not sent yet: the edit replaces the text that will be sent, with the base version it already carries.
      if (write.kind === 'reply' || write.kind === 'thread') {
        write.post = { ...write.post, content: input.content, images: input.images };
      } else if (write.kind === 'editPost') {
        write.content = input.content;
        write.images = input.images;
      }
      await db.outbox.put({ ...waiting, write, rev: waiting.rev + 1 });
      return;
    }
    await db.outbox.add(
      entry(ctx, {
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
    const waiting = await waitingEntryFor(db, postId);
    await db.posts.delete(postId);
    if (waiting?.seq !== undefined && waiting.write.kind !== 'thread') {
      await db.outbox.delete(waiting.seq);
      // Never tried: dropping the reply is the whole delete. A tried one may have landed, so delete it there too.
      if (waiting.write.kind === 'reply' && waiting.attempts === 0) return;
    }
    await db.outbox.add(entry(ctx, { kind: 'deletePost', id: postId }));
  });
}

export async function enqueueMessage(
  ctx: WriteContext,
  input: { recipientId: string; subject: string; content: string },
) {
  const { db } = ctx;
  const message = {
    id: idOf(ctx),
    sender_id: ctx.userId,
    recipient_id: input.recipientId,
    subject: input.subject,
    content: input.content,
  };
  const at = new Date(ctx.now()).toISOString();
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await db.messages.put(localMessage(message, at));
    await db.outbox.add(entry(ctx, { kind: 'message', message }));
  });
  return message.id;
}

export async function enqueueMarkRead(ctx: WriteContext, messageId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    const message = await db.messages.get(messageId);
    if (!message || message.is_read || message.recipient_id !== ctx.userId) return;
    await db.messages.put({ ...message, is_read: true, _unread: 0 });
    await db.outbox.add(entry(ctx, { kind: 'markRead', id: messageId }));
  });
}

export async function enqueueDeleteMessage(ctx: WriteContext, messageId: string) {
  const { db } = ctx;
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await db.messages.delete(messageId);
    await db.outbox.add(entry(ctx, { kind: 'deleteMessage', id: messageId }));
  });
}
