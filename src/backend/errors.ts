// Turns a failed backend call into an Error whose message starts with the spec's text (SPEC §8).
export class BackendError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}

interface ErrorLike {
  message: string;
  code?: string;
}

export function backendError(prefix: string, error: ErrorLike, status?: number): BackendError {
  return new BackendError(`${prefix}: ${error.message}`, error.code, status);
}
