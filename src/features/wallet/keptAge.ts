// How old a kept balance or history is, said only when it was not read on this visit ("as of 5m ago").
import { relativeAge } from '../../lib/relativeTime.ts';

/** Null for a value read on this visit; else 'as of 5m ago', or 'as of just now' within the minute. */
export function keptAge(at: number | undefined, visitStart: number, now: number): string | null {
  if (at === undefined || at >= visitStart) return null;
  const age = relativeAge(new Date(at).toISOString(), now);
  return age === 'just now' ? 'as of just now' : `as of ${age} ago`;
}
