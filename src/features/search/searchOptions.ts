// The header dropdown's options in keyboard order: threads, members, then "see all results".
import type { SearchResults } from '../../data/searchTypes.ts';
import type { MemberHit, ThreadHit } from '../../data/searchTypes.ts';

/** What the dropdown lists of the mirror's matches; a one-line snippet each. */
export const INSTANT_LIMITS = { threads: 6, members: 4, snippetWidth: 70 };

export type SearchOption =
  { kind: 'thread'; hit: ThreadHit } | { kind: 'member'; member: MemberHit } | { kind: 'all'; query: string };

export function searchOptions(results: SearchResults | undefined, query: string): SearchOption[] {
  return [
    ...(results?.threads ?? []).map((hit) => ({ kind: 'thread' as const, hit })),
    ...(results?.members ?? []).map((member) => ({ kind: 'member' as const, member })),
    { kind: 'all', query },
  ];
}

/** A stable key, so the picked option stays picked while live results change around it. */
export function optionKey(option: SearchOption): string {
  if (option.kind === 'thread') return `thread:${option.hit.thread_id}`;
  if (option.kind === 'member') return `member:${option.member.id}`;
  return 'all';
}

/** The next active option for an arrow key: wraps around, and starts from either end when none is active. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
