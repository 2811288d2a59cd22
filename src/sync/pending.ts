// Which mirror rows a waiting write of this device is about to create or change: pulls leave those alone.
import type { Mirror } from '../data/mirror.ts';
import { kindOf } from './writeKinds.ts';

export async function pendingTargets(db: Mirror): Promise<Set<string>> {
  const entries = await db.outbox.toArray();
  return new Set(entries.map((e) => kindOf(e.write).target(e.write)));
}
