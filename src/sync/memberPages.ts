// A page of the members directory from the server, merged into the mirror's profiles, which the screen reads.
import type { ForumClient } from '../backend/client.ts';
import { fetchMembers } from '../backend/members.ts';
import type { Mirror } from '../data/mirror.ts';
import { pendingTargets } from './pending.ts';

/**
 * Fetches page `page` of the members holding `word` (all members for ''), and stores them, leaving alone a member
 * whose role change waits to be sent and never putting back the version the mirror has or an older one. Answers whether
 * the server has more.
 */
export async function fetchMemberPage(
  db: Mirror,
  client: ForumClient,
  request: { word: string; page: number },
): Promise<boolean> {
  const { members, more } = await fetchMembers(client, request);
  if (members.length === 0) return more;
  await db.transaction('rw', [db.profiles, db.outbox], async () => {
    const pending = await pendingTargets(db);
    const current = await db.profiles.bulkGet(members.map((m) => m.id));
    // Only what is new here: rewriting an unchanged row would wake every live read of the directory for nothing.
    const newer = members.filter((m, i) => !pending.has(m.id) && m.sync_txid > (current[i]?.sync_txid ?? -1));
    await db.profiles.bulkPut(newer);
  });
  return more;
}
