// Storage-API-shaped errors: `{statusCode, error, message}` with statusCode a string, as storage-js reads them.
import { ApiError } from '../http.ts';

export function storageError(status: number, statusCode: string, error: string, message: string): ApiError {
  return new ApiError(status, { statusCode, error, message }, error);
}

export const bucketNotFound = () => storageError(404, '404', 'Bucket not found', 'Bucket not found');

export const objectNotFound = () => storageError(404, '404', 'not_found', 'Object not found');

/** Hosted storage answers an RLS refusal with HTTP 400 and a body that says 403; the app's error mapping expects both. */
export const rlsRefusal = () => storageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');

export const invalidKey = (name: string) => storageError(400, '400', 'InvalidKey', `Invalid key: ${name}`);

export const invalidBucketName = () => storageError(400, '400', 'Invalid Input', 'Bucket name invalid');

export const invalidRequest = (message: string) => storageError(400, '400', 'InvalidRequest', message);

/** A value Postgres cannot take (a NUL byte in a prefix, say) is the caller's bad input: 400, not a server error. */
export function dataException(e: unknown): ApiError | undefined {
  const code = pgCode(e);
  if (!code?.startsWith('22') || !(e instanceof Error)) return undefined;
  return invalidRequest(`Invalid input: ${e.message}`);
}

export function pgCode(e: unknown): string | undefined {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
