// Bounds on one request's work, so a single visitor cannot exhaust the stack: rows per answer, embed depth, and
// filters whose cost the caller picks (regular expressions, like patterns with many wildcards).
import { pgrstError } from './errors.ts';
import type { Condition } from './parseFilters.ts';
import type { QueryLevel } from './parseQuery.ts';

/** PostgREST's db-max-rows as hosted Supabase sets it: a read or an rpc answers at most this many rows. */
export const MAX_ROWS = 1000;

/**
 * How deep resources may be embedded in one select. Each level multiplies the rows built by the one above it, and
 * the app embeds none; a deeper select is refused with a 400 before it reaches the database.
 */
export const MAX_EMBED_DEPTH = 4;

/** Caps the top level's limit at MAX_ROWS, as PostgREST does; a smaller limit stays. */
export function capRows(level: QueryLevel): void {
  level.limit = Math.min(level.limit ?? MAX_ROWS, MAX_ROWS);
}

/**
 * The most `%` (or `*`) wildcards one like/ilike value may hold for anon and authenticated: the app's member search
 * sends two (`%name%`); each one more multiplies the matcher's work on long text.
 */
export const MAX_LIKE_WILDCARDS = 4;

/** The unescaped `%` and `*` of a like pattern (a backslash escapes the next character). */
function wildcards(pattern: string): number {
  let n = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '%' || pattern[i] === '*') n++;
  }
  return n;
}

function checkCondition(condition: Condition): void {
  if (condition.kind === 'logic') {
    condition.children.forEach(checkCondition);
    return;
  }
  const { op, field, value } = condition;
  if (op === 'match' || op === 'imatch') {
    // One backtracking pattern ran for minutes, and PGlite answers nobody else while it runs.
    throw pgrstError(
      400,
      'PGRST100',
      `Regular expression filters (${op}) are not allowed`,
      `The filter on ${field.name} uses ${op}, which only the service role may use.`,
      'Use like or ilike instead.',
    );
  }
  if (op !== 'like' && op !== 'ilike') return;
  const count = wildcards(value);
  if (count > MAX_LIKE_WILDCARDS) {
    throw pgrstError(
      400,
      'PGRST100',
      `A ${op} pattern may hold at most ${MAX_LIKE_WILDCARDS} wildcards (% or *)`,
      `The filter on ${field.name} holds ${count}.`,
      'Escape a literal % with a backslash.',
    );
  }
}

/**
 * Refuses, before anything runs, the filters whose cost the caller picks: regular expressions, and like patterns
 * with more than MAX_LIKE_WILDCARDS wildcards. The service role (the server's own functions) may use them.
 */
export function checkFilterCost(level: QueryLevel, role: string): void {
  if (role === 'service_role') return;
  level.conditions.forEach(checkCondition);
  for (const child of level.children.values()) checkFilterCost(child, role);
}
