// The member's writes the server refused, from the mirror's failed list.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';

/** The member's refused writes, newest first. */
export function failedWrites(db: Mirror, userId: string) {
  return db.failed
    .where('[userId+failedAt]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
}
