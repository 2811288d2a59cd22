// The app's one error type, and the one mapping from whatever failed (a supabase-js error, a failed fetch, our own
// code) to it, with the text the member is shown (SPEC §8; each action's texts are in failureTexts.ts).

/**
 * What went wrong, which decides how it is shown and whether it is logged:
 * - network: no answer at all (offline, server unreachable); shown as needing a connection, never logged.
 * - unavailable: the server could not answer now (timeout, 408, 429, 5xx); a later try may work.
 * - signedOut: no valid session for this.
 * - refused: the server said no (a policy, a permission, a missing row, another 4xx).
 * - conflict: the row is already there or changed (23505, 409).
 * - invalid: the data was refused as bad (Postgres classes 22 and 23, our own checks).
 * - bug: anything else; logged with its stack and shown with the action's generic text.
 */
export type ErrorKind = 'network' | 'unavailable' | 'signedOut' | 'refused' | 'conflict' | 'invalid' | 'bug';

interface ErrorFacts {
  kind: ErrorKind;
  /** Postgres, PostgREST, GoTrue or Storage code; for Storage, often the HTTP status as text. */
  code?: string;
  status?: number;
  /** The backend's own message, when the backend answered. */
  detail?: string;
}

export class AppError extends Error implements ErrorFacts {
  readonly kind: ErrorKind;
  readonly code?: string;
  readonly status?: number;
  readonly detail?: string;

  constructor(kind: ErrorKind, message: string, facts: Omit<ErrorFacts, 'kind'> & { cause?: unknown } = {}) {
    super(message, facts.cause === undefined ? undefined : { cause: facts.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.code = facts.code;
    this.status = facts.status;
    this.detail = facts.detail;
  }
}

/** What a failure says when no answer came and the action has no connection text of its own. */
export const NO_CONNECTION = 'No connection to the forum. Try again when you are back online.';

/** A text, or one made from the error's message for the spec texts that quote it. */
type Text = string | ((message: string) => string);

/** The texts of one action: its own, its connection text, and the answers that have a text of their own. */
export interface FailureTexts {
  failed: Text;
  offline?: string;
  /** First match wins; `message` is the backend's words, or the error's own. */
  special?: readonly { when(facts: { kind: ErrorKind; code?: string; message: string }): boolean; text: Text }[];
  /** The spec's "or the server message": an answer from the backend shows its own words. */
  serverMessage?: boolean;
}

/** A request that got no answer, made on purpose where the app knows it is offline before trying. */
export const noConnection = () => new AppError('network', NO_CONNECTION);

const SIGNED_OUT_CODES = new Set([
  'PGRST301', // PostgREST: the JWT is invalid or expired
  'PGRST302', // PostgREST: anonymous access refused
  'PGRST303', // PostgREST: the JWT's claims are invalid
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'no_authorization',
  'bad_jwt',
]);

/** The kind of a backend answer, by HTTP status first (what a retry could change), then by its code. */
export function kindOfStatus(status: number | undefined, code?: string): ErrorKind {
  if (status === 0) return 'network';
  if (status !== undefined && (status === 408 || status === 429 || status >= 500)) return 'unavailable';
  if (code === '42501') return 'refused';
  if (code === '23505' || status === 409) return 'conflict';
  if (code?.startsWith('22') || code?.startsWith('23') || code === 'weak_password') return 'invalid';
  if ((code !== undefined && SIGNED_OUT_CODES.has(code)) || status === 401) return 'signedOut';
  return 'refused';
}

/** What browsers and Node say when fetch (or loading a code chunk) got no answer at all. */
const NO_ANSWER =
  /^(TypeError: )?(Failed to fetch|fetch failed|Load failed|NetworkError when attempting to fetch resource|Network request failed|error loading dynamically imported module|Importing a module script failed)/i;

const isNoAnswerText = (message: string) => NO_ANSWER.test(message);
const isNoAnswer = (error: unknown) => error instanceof TypeError && isNoAnswerText(error.message);

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The facts of any thrown or returned error; `status` is the HTTP status that came with a PostgREST error. */
function factsOf(error: unknown, status?: number): ErrorFacts {
  if (error instanceof AppError) return error;
  if (isNoAnswer(error)) return { kind: 'network' };
  if (!isObject(error) || typeof error.message !== 'string') return { kind: 'bug' };
  const detail = text(error.message);
  if ('__isAuthError' in error) {
    // supabase-js's AuthRetryableFetchError carries status 0 when fetch threw, 502-504 when the gateway did.
    const authStatus = number(error.status);
    const code = text(error.code) ?? (error.name === 'AuthSessionMissingError' ? 'session_not_found' : undefined);
    return { kind: kindOfStatus(authStatus, code), code, status: authStatus, detail };
  }
  if ('__isStorageError' in error) {
    // StorageUnknownError: the request threw before any answer, or the answer could not be read.
    if (error.name === 'StorageUnknownError') return { kind: isNoAnswer(error.originalError) ? 'network' : 'bug' };
    const storageStatus = number(error.status);
    const code = text(error.statusCode);
    return { kind: kindOfStatus(storageStatus, code), code, status: storageStatus, detail };
  }
  if (error instanceof Error && error.name !== 'PostgrestError') return { kind: 'bug' };
  // A PostgREST error ({ message, code, details, hint }), or a plain { message } from a backend answer.
  if (status === undefined && isNoAnswerText(error.message)) return { kind: 'network' };
  const code = text(error.code);
  return { kind: kindOfStatus(status, code), code, status, detail };
}

/** The kind of any error: `'network'` only when no answer came, `'bug'` for anything not from a backend. */
export const errorKind = (error: unknown): ErrorKind => factsOf(error).kind;

function fill(template: Text, message: string): string {
  return typeof template === 'string' ? template : template(message);
}

function messageOf(error: unknown): string {
  return (error instanceof Error && error.message) || 'Unknown error';
}

/**
 * The mapping: any error, in the context of the action that failed, to an AppError whose message is the spec's
 * text for it. A network failure gets the action's connection text; a bug its generic text (its own message only
 * where the spec puts it in the text); a backend answer a special text when one matches, else the server's
 * message where the spec shows it, else the action's text.
 */
export function toAppError(error: unknown, texts: FailureTexts, status?: number): AppError {
  const facts = factsOf(error, status);
  const { kind, code, detail } = facts;
  const own = detail ?? messageOf(error);
  let message: string;
  if (kind === 'network') message = texts.offline ?? NO_CONNECTION;
  else if (kind === 'bug') message = fill(texts.failed, messageOf(error));
  else {
    const special = texts.special?.find((s) => s.when({ kind, code, message: own }));
    message = special ? fill(special.text, own) : texts.serverMessage && detail ? detail : fill(texts.failed, own);
  }
  const answered = kind !== 'network' && kind !== 'bug';
  return new AppError(kind, message, {
    code,
    status: facts.status,
    detail: answered ? detail : undefined,
    cause: error,
  });
}

interface ErrorLike {
  message: string;
  code?: string;
}

/** A failed supabase-js answer as an AppError whose message is the spec's data-call text (SPEC §8) and the reason. */
export function backendError(prefix: string, error: ErrorLike, status?: number): AppError {
  const code = error.code || undefined;
  const kind = kindOfStatus(status, code);
  return new AppError(kind, `${prefix}: ${error.message}`, {
    code,
    status,
    detail: kind === 'network' ? undefined : error.message,
    cause: error,
  });
}
