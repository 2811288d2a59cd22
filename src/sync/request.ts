// Turns a supabase-js error result into a typed exception that keeps the HTTP status for retry decisions.
export class SyncRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SyncRequestError';
  }
}

interface ErrorLike {
  message: string;
  code?: string;
}

/** Throws when a supabase-js call failed; status 0 means the network did not answer. */
export function checked(error: ErrorLike | null, status: number): void {
  if (error) throw new SyncRequestError(error.message, status, error.code || undefined);
}
