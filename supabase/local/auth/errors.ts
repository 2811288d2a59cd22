// GoTrue-shaped errors: `{code, error_code, msg}` with the HTTP status in `code`, which auth-js reads through error_code.
import { ApiError } from '../http.ts';

export function authError(
  status: number,
  errorCode: string,
  msg: string,
  extra: Record<string, unknown> = {},
): ApiError {
  return new ApiError(status, { code: status, error_code: errorCode, msg, ...extra }, errorCode);
}

export const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');

export const validationFailed = (msg: string) => authError(400, 'validation_failed', msg);

export const notFound = (msg = 'Not found') => authError(404, 'not_found', msg);

interface PgError {
  code: string;
  message: string;
}

function isPgError(e: unknown): e is PgError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as { code: string }).code) &&
    typeof (e as { message?: unknown }).message === 'string'
  );
}

/**
 * A value Postgres cannot take (a NUL byte in text or JSON, a malformed number) is the caller's bad input wherever it
 * reaches the database: 400, with Postgres's reason, instead of a server error.
 */
export function dataException(e: unknown): ApiError | undefined {
  if (!isPgError(e) || !e.code.startsWith('22')) return undefined;
  return validationFailed(`Invalid input: ${e.message}`);
}

/**
 * A constraint or a trigger (the profile trigger on auth.users, say) refusing a write is the caller's problem, not the
 * server's: it becomes a 422 that names the database's reason, so a taken username reads as such instead of a 500.
 */
export function databaseRefusal(e: unknown, what: string): ApiError | undefined {
  if (!isPgError(e)) return undefined;
  const cls = e.code.slice(0, 2);
  if (e.code === '23505') return authError(422, 'conflict', `Database error ${what}: ${e.message}`);
  // A trigger's own raise (a taken username at sign-up, say) words the reason for people: it is passed on as it is.
  if (e.code === 'P0001') return authError(422, 'validation_failed', e.message);
  if (cls === '23' || cls === '22') {
    return authError(422, 'validation_failed', `Database error ${what}: ${e.message}`);
  }
  return undefined;
}
