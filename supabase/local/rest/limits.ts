// Bounds on one request's work, so a single visitor cannot exhaust the stack: rows per answer and embed depth.
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
