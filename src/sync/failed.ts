// The failed list: writes the server refused, kept with their reason until the member retries, edits or discards them.
import type { Mirror } from '../data/mirror.ts';
import type { ConflictDetail, FailedEntry, OutboxEntry, Write } from '../data/outboxTypes.ts';
import type { LocalStatus } from '../data/types.ts';

/** Marks the row a create-write made, so the screen can show "failed" or "sending" on it. */
async function markCreated(db: Mirror, write: Write, status: LocalStatus) {
  const mark = async (table: 'threads' | 'posts' | 'messages', id: string) => {
    await db.table(table).update(id, { _status: status });
  };
  if (write.kind === 'thread') {
    await mark('threads', write.thread.id);
    await mark('posts', write.post.id);
  } else if (write.kind === 'reply') await mark('posts', write.post.id);
  else if (write.kind === 'message') await mark('messages', write.message.id);
}

export async function moveToFailed(
  db: Mirror,
  entry: OutboxEntry,
  failedAt: number,
  detail: { reason: string; code?: string; conflict?: ConflictDetail },
) {
  await db.transaction('rw', [db.outbox, db.failed, db.threads, db.posts, db.messages], async () => {
    if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
    await db.failed.put({
      id: entry.id,
      userId: entry.userId,
      write: entry.write,
      createdAt: entry.createdAt,
      failedAt,
      ...detail,
    });
    await markCreated(db, entry.write, 'failed');
  });
}

/** Back into the outbox, at its end, as a fresh attempt. */
export async function retryFailed(db: Mirror, id: string, now: number, replace?: Write) {
  await db.transaction('rw', [db.outbox, db.failed, db.threads, db.posts, db.messages], async () => {
    const failed = await db.failed.get(id);
    if (!failed) return;
    const write = replace ?? failed.write;
    await db.failed.delete(id);
    await db.outbox.add({ id, userId: failed.userId, write, createdAt: now, rev: 0, attempts: 0, notBefore: 0 });
    await markCreated(db, write, 'sending');
  });
}

/** Changes the text of a failed reply, thread or message and sends it again. */
export async function editFailed(db: Mirror, id: string, content: string, now: number) {
  const failed = await db.failed.get(id);
  if (!failed) return;
  const write = structuredClone(failed.write);
  if (write.kind === 'reply' || write.kind === 'thread') write.post.content = content;
  else if (write.kind === 'message') write.message.content = content;
  else if (write.kind === 'editPost') write.content = content;
  await db.transaction('rw', [db.posts, db.messages], async () => {
    if (write.kind === 'reply' || write.kind === 'thread') await db.posts.update(write.post.id, { content });
    if (write.kind === 'message') await db.messages.update(write.message.id, { content });
  });
  await retryFailed(db, id, now, write);
}

/** Gives the write up: rows it created on this device go; the server's rows were already restored. */
export async function discardFailed(db: Mirror, id: string) {
  await db.transaction('rw', [db.failed, db.threads, db.posts, db.messages], async () => {
    const failed = await db.failed.get(id);
    if (!failed) return;
    const { write } = failed;
    if (write.kind === 'thread') {
      await db.threads.delete(write.thread.id);
      await db.posts.delete(write.post.id);
    } else if (write.kind === 'reply') await db.posts.delete(write.post.id);
    else if (write.kind === 'message') await db.messages.delete(write.message.id);
    await db.failed.delete(id);
  });
}

/**
 * An edit that met a newer server version: "mine" sends the member's text again on top of the server's version,
 * "theirs" keeps the server's text. Either way nothing is lost without the member choosing it.
 */
export async function resolveConflict(db: Mirror, id: string, choice: 'mine' | 'theirs', now: number) {
  const failed: FailedEntry | undefined = await db.failed.get(id);
  if (!failed?.conflict || failed.write.kind !== 'editPost') return;
  if (choice === 'theirs') {
    await db.failed.delete(id);
    return;
  }
  const write = { ...failed.write, baseVersion: failed.conflict.theirsVersion };
  await db.transaction('rw', [db.posts, db.outbox, db.failed, db.threads, db.messages], async () => {
    const post = await db.posts.get(write.id);
    if (post) await db.posts.put({ ...post, content: write.content, images: write.images, _status: 'sending' });
    await retryFailed(db, id, now, write);
  });
}
