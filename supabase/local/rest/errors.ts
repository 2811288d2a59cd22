// PostgREST's error bodies and statuses: its own PGRST errors, and Postgres errors mapped by SQLSTATE as PostgREST maps them.
import { ApiError } from '../http.ts';
import type { JwtFailure } from '../jwt.ts';

export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, message, details, hint });
}

/** PGRST100: the query string could not be parsed. */
export function syntaxError(what: string, input: string, details: string): ApiError {
  return pgrstError(400, 'PGRST100', `failed to parse ${what} parameter (${input})`, details);
}

export function unknownColumn(table: string, column: string): ApiError {
  return pgrstError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownTable(name: string): ApiError {
  return pgrstError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
}

/** PostgREST's 401s for a JWT it cannot use; its body for a missing one has no details or hint. */
export function jwtRefusal(failure: JwtFailure): ApiError {
  if (failure === 'missing') {
    return new ApiError(401, { code: 'PGRST302', message: 'Anonymous access is disabled' }, 'no_jwt');
  }
  const expired = failure === 'expired';
  const body = {
    code: expired ? 'PGRST303' : 'PGRST301',
    message: expired ? 'JWT expired' : 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)',
    details: null,
    hint: null,
  };
  return new ApiError(401, body, 'bad_jwt');
}

/** The fields both drivers put on a server error: PGlite's and node-postgres's errors share these names. */
interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(e: unknown): e is PgErrorLike {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

// PostgREST's table (src/PostgREST/Error.hs), by SQLSTATE prefix; anything not listed is the client's fault: 400.
// One deliberate difference: class 54 (program limit exceeded: too many array dimensions, stack depth) comes from
// what a request asked for, so it is 400 here where PostgREST says 500.
function statusOf(code: string, message: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42P01') return 404;
  // An undefined function is 404 (an rpc that is not there); an undefined operator is a bad filter: 400.
  if (code === '42883') return message.startsWith('function ') ? 404 : 400;
  if (code === '42P17' || code === '21000' || code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  const ptStatus = /^PT(\d{3})$/.exec(code);
  if (ptStatus) return Number(ptStatus[1]);
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** Turns whatever a request threw into a response error: ApiErrors pass, Postgres errors are mapped, the rest rethrown. */
export function toApiError(e: unknown, authenticated: boolean): ApiError {
  if (e instanceof ApiError) return e;
  if (isPgError(e)) {
    return pgrstError(statusOf(e.code, e.message, authenticated), e.code, e.message, e.detail ?? null, e.hint ?? null);
  }
  throw e;
}
