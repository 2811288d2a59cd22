// Server and mirror results as one list: one entry per thread and per member, the server's ranking first.
import type { MemberHit, SearchResults, ThreadHit } from '../../data/searchTypes.ts';

/** One hit per thread, in first-seen order; a thread keeps the first snippet any of its hits has. */
export function dedupeThreads(hits: ThreadHit[]): ThreadHit[] {
  const byThread = new Map<string, ThreadHit>();
  for (const hit of hits) {
    const seen = byThread.get(hit.thread_id);
    if (!seen) byThread.set(hit.thread_id, { ...hit });
    else if (seen.snippet === null && hit.snippet !== null) {
      byThread.set(hit.thread_id, { ...seen, post_id: hit.post_id, snippet: hit.snippet });
    }
  }
  return [...byThread.values()];
}

function dedupeMembers(members: MemberHit[]): MemberHit[] {
  const byId = new Map<string, MemberHit>();
  for (const m of members) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()];
}

/** The server's hits (ranked) first, then what only the mirror found: threads written offline, say. */
export function mergeResults(server: SearchResults | null, mirror: SearchResults): SearchResults {
  return {
    threads: dedupeThreads([...(server?.threads ?? []), ...mirror.threads]),
    members: dedupeMembers([...(server?.members ?? []), ...mirror.members]),
  };
}
