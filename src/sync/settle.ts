// After a push: one Dexie transaction applies the server's answer to the mirror and retires, reschedules or fails
// the outbox entry, taking into account what the member did to that entry while it was on the wire.
import type { Mirror } from '../data/mirror.ts';
import type { OutboxEntry, WaitingLimit } from '../data/outboxTypes.ts';
import { describeFailure } from './errors.ts';
import { moveToFailed } from './failed.ts';
import { bookmarkTarget } from './kinds/bookmark.ts';
import { readPositionTarget } from './kinds/readPosition.ts';
import type { MirrorChange, PushOutcome } from './writeKind.ts';
import { kindOf, writeTables } from './writeKinds.ts';

/** The name a kind's target gives a row: its id, or for a read position, a bookmark and a slug their own names. */
function targetName(change: Exclude<MirrorChange, { deleted: string }>): string {
  if (change.table === 'slugAliases') return change.row.slug;
  if (change.table === 'threadReads') return readPositionTarget(change.row.thread_id);
  if (change.table === 'bookmarks') return bookmarkTarget(change.row.post_id);
  return change.row.id;
}

async function apply(db: Mirror, changes: MirrorChange[], skipIds: Set<string>) {
  for (const change of changes) {
    if ('deleted' in change) await db.table(change.table).delete(change.deleted);
    else if (!skipIds.has(targetName(change))) await db.table(change.table).put(change.row);
  }
}

export async function settleSent(db: Mirror, sent: OutboxEntry, outcome: PushOutcome & { result: 'sent' }) {
  await db.transaction('rw', writeTables(db), async () => {
    const current = sent.seq === undefined ? undefined : await db.outbox.get(sent.seq);
    const kind = kindOf(sent.write);
    const ofPost = kind.post;
    const post = ofPost?.id(sent.write);
    if (!current) {
      // The member took it back while it was on the wire (deleted the post, unliked): it now exists on the server,
      // so take it back there too, and leave the rows it touched as the member left them.
      const undo = kind.undo?.(sent.write);
      if (undo) await db.outbox.add({ ...sent, seq: undefined, write: undo, rev: 0 });
      const touched = undo ? [kind.target(sent.write), ...(kind.creates?.rows(sent.write) ?? []).map((r) => r.id)] : [];
      await apply(db, outcome.changes, new Set([...(post ? [post] : []), ...touched]));
      return;
    }
    // The member changed it while it was on the wire: what is left to send is their latest text, as an edit on top
    // of the version the server just made.
    const next =
      current.rev !== sent.rev ? kindOf(current.write).post?.editOn(current.write, outcome.version ?? 1) : undefined;
    if (next && post) {
      await apply(db, outcome.changes, new Set([post]));
      await db.outbox.put({ ...current, write: next, rev: 0, attempts: 0, notBefore: 0, rateLimit: undefined });
      return;
    }
    if (current.rev !== sent.rev && !ofPost) {
      // A newer value joined it while it was on the wire (a settings toggle): the mirror keeps that value, and it
      // is sent next, as it is now.
      await apply(db, outcome.changes, new Set([kind.target(current.write)]));
      await db.outbox.put({ ...current, rev: 0, attempts: 0, notBefore: 0, rateLimit: undefined });
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
  await db.transaction('rw', writeTables(db), async () => {
    const current = (sent.seq === undefined ? undefined : await db.outbox.get(sent.seq)) ?? sent;
    await apply(db, outcome.changes, new Set());
    const detail =
      outcome.result === 'conflict'
        ? { reason: outcome.reason, conflict: outcome.conflict }
        : { reason: outcome.reason ?? describeFailure(outcome.failure), code: outcome.failure.code };
    await moveToFailed(db, current, now, detail);
  });
}

/** A failure worth another try: the write waits until `notBefore`, or less if `unanswered` (see OutboxEntry). */
export async function settleRetry(db: Mirror, sent: OutboxEntry, notBefore: number, error: string, unanswered = false) {
  await db.transaction('rw', [db.outbox], async () => {
    const current = sent.seq === undefined ? undefined : await db.outbox.get(sent.seq);
    if (!current) {
      // Taken back while on the wire, and whether it landed is unknown: taking it back there too is harmless.
      const undo = kindOf(sent.write).undo?.(sent.write);
      if (undo) await db.outbox.add({ ...sent, seq: undefined, write: undo, rev: 0, attempts: 0, notBefore: 0 });
      return;
    }
    const kept =
      current.write.kind === sent.write.kind
        ? kindOf(current.write).afterLostAnswer?.(current.write, sent.write)
        : undefined;
    const write = kept ?? current.write;
    await db.outbox.put({
      ...current,
      write,
      attempts: current.attempts + 1,
      notBefore,
      lastError: error,
      unanswered,
      rateLimit: undefined,
    });
  });
}

/**
 * A rate limit refused it: the database took nothing, so it waits out the limit's time and goes again, with no
 * attempt counted (the backoff does not grow, and nothing may have landed). Taken back meanwhile: nothing to undo.
 */
export async function settleRateLimited(db: Mirror, sent: OutboxEntry, notBefore: number, rateLimit: WaitingLimit) {
  await db.transaction('rw', [db.outbox], async () => {
    const current = sent.seq === undefined ? undefined : await db.outbox.get(sent.seq);
    if (!current) return;
    await db.outbox.put({ ...current, notBefore, lastError: rateLimit.message, unanswered: false, rateLimit });
  });
}
