// After a push: one Dexie transaction applies the server's answer to the mirror and retires, reschedules or fails
// the outbox entry, taking into account what the member did to that entry while it was on the wire.
import type { Mirror } from '../data/mirror.ts';
import type { OutboxEntry, Write } from '../data/outboxTypes.ts';
import { describeFailure } from './errors.ts';
import { moveToFailed } from './failed.ts';
import type { MirrorChange, PushOutcome } from './push.ts';

async function apply(db: Mirror, changes: MirrorChange[], skipIds: Set<string>) {
  for (const change of changes) {
    if ('deleted' in change) await db.table(change.table).delete(change.deleted);
    else if (!skipIds.has(change.row.id)) await db.table(change.table).put(change.row);
  }
}

/** The post a write creates or edits, if it does. */
function postOf(write: Write): string | undefined {
  if (write.kind === 'reply' || write.kind === 'thread') return write.post.id;
  if (write.kind === 'editPost') return write.id;
  return undefined;
}

/**
 * What is left to send when the member changed a write that was being sent: the new text, as an edit on top of the
 * version the server just made.
 */
function followUp(latest: Write, version: number): Write | undefined {
  if (latest.kind === 'reply' || latest.kind === 'thread') {
    const { id, content, images } = latest.post;
    return { kind: 'editPost', id, content, images, baseVersion: version };
  }
  if (latest.kind === 'editPost') return { ...latest, baseVersion: version };
  return undefined;
}

export async function settleSent(db: Mirror, sent: OutboxEntry, outcome: PushOutcome & { result: 'sent' }) {
  await db.transaction('rw', [db.outbox, db.threads, db.posts, db.messages], async () => {
    const current = sent.seq === undefined ? undefined : await db.outbox.get(sent.seq);
    const post = postOf(sent.write);
    if (!current) {
      // The member deleted the post while it was on the wire: it now exists on the server, so delete it there too.
      if (post && sent.write.kind !== 'editPost') {
        await db.outbox.add({ ...sent, seq: undefined, write: { kind: 'deletePost', id: post }, rev: 0 });
      }
      await apply(db, outcome.changes, new Set(post ? [post] : []));
      return;
    }
    const next = current.rev !== sent.rev ? followUp(current.write, outcome.version ?? 1) : undefined;
    if (next && post) {
      await apply(db, outcome.changes, new Set([post]));
      await db.outbox.put({ ...current, write: next, rev: 0, attempts: 0, notBefore: 0 });
      return;
    }
    await apply(db, outcome.changes, new Set());
    await db.outbox.delete(current.seq!);
  });
}

export async function settleRefused(
  db: Mirror,
  sent: OutboxEntry,
  outcome: PushOutcome & { result: 'failed' | 'conflict' },
  now: number,
) {
  await db.transaction('rw', [db.outbox, db.failed, db.threads, db.posts, db.messages], async () => {
    const current = (sent.seq === undefined ? undefined : await db.outbox.get(sent.seq)) ?? sent;
    await apply(db, outcome.changes, new Set());
    if (outcome.result === 'conflict') {
      await moveToFailed(db, current, now, {
        reason: 'Someone else changed this post after you started editing. Choose which text to keep.',
        conflict: outcome.conflict,
      });
    } else {
      await moveToFailed(db, current, now, {
        reason: outcome.reason ?? describeFailure(outcome.failure),
        code: outcome.failure.code,
      });
    }
  });
}

export async function settleRetry(db: Mirror, sent: OutboxEntry, notBefore: number, error: string) {
  await db.transaction('rw', [db.outbox], async () => {
    const current = sent.seq === undefined ? undefined : await db.outbox.get(sent.seq);
    if (!current) return;
    const write =
      current.write.kind === 'editPost' && sent.write.kind === 'editPost'
        ? { ...current.write, tried: [...(current.write.tried ?? []), sent.write.content] }
        : current.write;
    await db.outbox.put({ ...current, write, attempts: current.attempts + 1, notBefore, lastError: error });
  });
}
