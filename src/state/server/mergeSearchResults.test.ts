import { describe, expect, it } from 'vitest';
import { dedupeThreads, mergeResults } from './mergeSearchResults.ts';
import type { MemberHit, ThreadHit } from '../../data/searchTypes.ts';

const hit = (thread_id: string, post_id: string | null = null, snippet: string | null = null): ThreadHit => ({
  thread_id,
  slug: `slug-${thread_id}`,
  title: `Title ${thread_id}`,
  post_id,
  snippet,
});
const member = (id: string): MemberHit => ({ id, username: id, display_name: null, avatar_url: null, role: 'user' });

describe('dedupeThreads', () => {
  it('keeps one hit per thread in first-seen order, taking the first snippet any hit has', () => {
    expect(
      dedupeThreads([hit('a'), hit('b', 'p1', 'b [[one]]'), hit('a', 'p2', 'a [[two]]'), hit('b', 'p3', 'x')]),
    ).toEqual([hit('a', 'p2', 'a [[two]]'), hit('b', 'p1', 'b [[one]]')]);
  });
});

describe('mergeResults', () => {
  it('puts the server ranking first, adds what only the mirror holds, and repeats nothing', () => {
    const server = { threads: [hit('s1', 'p', '[[x]]'), hit('both')], members: [member('m1'), member('m2')] };
    const mirror = { threads: [hit('both', 'q', 'mirror [[x]]'), hit('local')], members: [member('m2'), member('m3')] };
    const merged = mergeResults(server, mirror);
    expect(merged.threads.map((t) => t.thread_id)).toEqual(['s1', 'both', 'local']);
    expect(merged.threads[1]!.snippet).toBe('mirror [[x]]');
    expect(merged.members.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('is the mirror alone when the server could not be asked (offline)', () => {
    const mirror = { threads: [hit('a'), hit('a', 'p', 's')], members: [member('m')] };
    expect(mergeResults(null, mirror)).toEqual({ threads: [hit('a', 'p', 's')], members: [member('m')] });
  });
});
