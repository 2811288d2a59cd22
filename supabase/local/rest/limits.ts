// Bounds on one request's work, so a single visitor cannot exhaust the stack: rows per answer, embed depth, the rows
// embeds build, the answer's size, and filters whose cost the caller picks (regular expressions, like patterns with
// many wildcards).
import type { ApiError } from '../http.ts';
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

/**
 * The rows one request's embedded resources may build, all levels together. Depth alone does not bound them: each
 * level multiplies the rows of the one above, and a three-level embed over one long thread built millions. A request
 * past it is refused with a 400 as soon as its embeds have built this many rows, whatever the planner estimated.
 */
export const MAX_EMBED_ROWS = 20_000;

/** The largest answer a read sends: past it the read is refused, and the JSON never leaves the database. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Where the database counts the embedded rows of the current request (transaction-local, so each request starts at 0). */
const EMBED_ROWS_SETTING = 'local_rest.embed_rows';
const EMBED_ROWS_OVER = 'embedded rows over the bound';

/**
 * A condition for an embedded resource's subquery that counts each row it builds and fails the statement once the
 * request's embeds have built MAX_EMBED_ROWS. Plain SQL, so the same on PGlite and PostgreSQL with nothing installed:
 * the failure is a cast of a marked text that cannot be an integer (22P02), turned into the 400 by embedRowsError.
 * set_config is not leakproof, so Postgres checks it after the relation's RLS policies: only visible rows count.
 */
export function embedRowsCounted(): string {
  const count = `coalesce(nullif(current_setting('${EMBED_ROWS_SETTING}', true), '')::int8, 0) + 1`;
  return (
    `(set_config('${EMBED_ROWS_SETTING}', (${count})::text, true)::int8 <= ${MAX_EMBED_ROWS}` +
    ` or ('${EMBED_ROWS_OVER}: ' || current_setting('${EMBED_ROWS_SETTING}'))::int8 is null)`
  );
}

/** The 400 for a statement that embedRowsCounted stopped; undefined for any other error. */
export function embedRowsError(e: unknown): ApiError | undefined {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  if (code !== '22P02' || typeof message !== 'string' || !message.includes(EMBED_ROWS_OVER)) return undefined;
  return pgrstError(
    400,
    '54000',
    `The embedded resources of one request may build at most ${MAX_EMBED_ROWS} rows`,
    `This select's embeds built more than ${MAX_EMBED_ROWS} rows.`,
    'Limit each embedded resource (for example posts.limit=20) or ask for fewer rows (limit=…).',
  );
}

/** The 400 for a read whose answer would be larger than MAX_ANSWER_BYTES. */
export function answerTooLarge(bytes: number): ApiError {
  return pgrstError(
    400,
    '54000',
    `An answer may hold at most ${MAX_ANSWER_BYTES} bytes`,
    `This read's answer would hold ${bytes} bytes.`,
    'Ask for fewer rows (limit=…) or fewer columns (select=…).',
  );
}

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
