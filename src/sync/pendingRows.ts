// When the member on the device changes, unsent rows follow their author: hidden from others, shown again to them.
import type { Mirror } from '../data/mirror.ts';
import { kindOf, writeTables } from './writeKinds.ts';

export async function showPendingOf(db: Mirror, userId: string | null) {
  await db.transaction('rw', writeTables(db), async () => {
    for (const entry of await db.outbox.toArray()) {
      const creates = kindOf(entry.write).creates;
      if (!creates) continue;
      const rows = creates.rows(entry.write);
      if (entry.userId === userId) {
        const missing = await Promise.all(rows.map((r) => db.table(r.table).get(r.id)));
        if (missing.some((row) => row === undefined)) {
          await creates.put(db, entry.write, new Date(entry.createdAt).toISOString());
        }
      } else {
        for (const row of rows) await db.table(row.table).delete(row.id);
      }
    }
  });
}
