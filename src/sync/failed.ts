// The failed list: writes the server refused, kept with their reason until the member retries, edits or discards them.
import type { Mirror } from '../data/mirror.ts';
import type { ConflictDetail, OutboxEntry, Write } from '../data/outboxTypes.ts';
import type { LocalStatus } from '../data/types.ts';
import { kindOf, writeTables } from './writeKinds.ts';

/** Marks the rows a write created, so the screen can show "failed" or "sending" on them. */
async function markCreated(db: Mirror, write: Write, status: LocalStatus) {
  for (const row of kindOf(write).creates?.rows(write) ?? []) {
    await db.table(row.table).update(row.id, { _status: status });
  }
}

export async function moveToFailed(
  db: Mirror,
  entry: OutboxEntry,
  failedAt: number,
  detail: { reason: string; code?: string; conflict?: ConflictDetail },
) {
  await db.transaction('rw', writeTables(db), async () => {
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
  await db.transaction('rw', writeTables(db), async () => {
    const failed = await db.failed.get(id);
    if (!failed) return;
    const write = replace ?? failed.write;
    await db.failed.delete(id);
    await db.outbox.add({ id, userId: failed.userId, write, createdAt: now, rev: 0, attempts: 0, notBefore: 0 });
    await markCreated(db, write, 'sending');
  });
}

/** Changes the text of a failed write and sends it again; a write without text is just sent again. */
export async function editFailed(db: Mirror, id: string, content: string, now: number) {
  await db.transaction('rw', writeTables(db), async () => {
    const failed = await db.failed.get(id);
    if (!failed) return;
    const { text } = kindOf(failed.write);
    const write = text?.with(failed.write, content) ?? failed.write;
    const row = text?.shownIn?.(write);
    if (row) await db.table(row.table).update(row.id, { content });
    await retryFailed(db, id, now, write);
  });
}

/** Gives the write up: rows it created on this device go; the server's rows were already restored. */
export async function discardFailed(db: Mirror, id: string) {
  await db.transaction('rw', writeTables(db), async () => {
    const failed = await db.failed.get(id);
    if (!failed) return;
    for (const row of kindOf(failed.write).creates?.rows(failed.write) ?? []) await db.table(row.table).delete(row.id);
    await db.failed.delete(id);
  });
}

/**
 * An edit that met a newer server version: "mine" sends the member's text again on top of the server's version,
 * "theirs" keeps the server's text. Either way nothing is lost without the member choosing it.
 */
export async function resolveConflict(db: Mirror, id: string, choice: 'mine' | 'theirs', now: number) {
  const failed = await db.failed.get(id);
  const kind = failed && kindOf(failed.write);
  if (!failed?.conflict || !kind?.keepMine) return;
  if (choice === 'theirs') {
    await db.failed.delete(id);
    return;
  }
  const { theirsVersion } = failed.conflict;
  await db.transaction('rw', writeTables(db), async () => {
    const write = await kind.keepMine?.(db, failed.write, theirsVersion);
    if (write) await retryFailed(db, id, now, write);
  });
}
