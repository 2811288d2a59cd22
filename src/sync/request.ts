// Turns a supabase-js error result into a thrown AppError that keeps the HTTP status for retry decisions.
import { backendError } from '../backend/errors.ts';

interface ErrorLike {
  message: string;
  code?: string;
}

/** Throws when a supabase-js call failed; status 0 means the network did not answer. */
export function checked(error: ErrorLike | null, status: number): void {
  if (error) throw backendError('Sync request failed', error, status);
}
