// Sorts a failed push into "try again later" and "the server said no", by the app's error kinds (backend/errors.ts),
// and reads the wait out of a rate-limit refusal.
import { kindOfStatus } from '../backend/errors.ts';
import { CONTENT_TOO_LONG, MESSAGE_TOO_LONG } from '../content/postLength.ts';

/** What a failed send answered; status 0 when no answer came. */
export interface BackendFailure {
  message: string;
  code?: string;
  /** The HTTP status; none when no request was answered because the app itself failed (a bug). */
  status?: number;
  /** PostgREST's `details`: for a rate limit, JSON saying which limit and how long to wait. */
  details?: string | null;
}

type FailureKind = 'retry' | 'final';

/** The SQLSTATE the database raises for a rate limit; PostgREST answers it with HTTP 429. */
export const RATE_LIMIT_CODE = 'PT429';

/**
 * Network errors (status 0), timeouts (408), rate limits (429, PT429) and 5xx are retried: the write may still
 * succeed. Everything else is final: classes 22 (bad data) and 23 (constraints), 42501 (refused by a policy) and
 * other 4xx would fail the same way again, so they go to the failed list for the member to decide.
 */
export function classifyFailure(failure: BackendFailure): FailureKind {
  if (failure.code === RATE_LIMIT_CODE) return 'retry';
  const kind = kindOfStatus(failure.status, failure.code);
  return kind === 'network' || kind === 'unavailable' ? 'retry' : 'final';
}

const REASONS: { test: (f: BackendFailure) => boolean; reason: string }[] = [
  { test: (f) => /locked/i.test(f.message), reason: 'This thread is locked: replies are closed.' },
  { test: (f) => /banned/i.test(f.message), reason: 'Your account is banned: you cannot post.' },
  {
    test: (f) => f.code === '42501' || f.status === 401 || f.status === 403,
    reason: 'You are not allowed to do this.',
  },
  { test: (f) => f.code === '23503', reason: 'What this refers to no longer exists.' },
  { test: (f) => f.code === '23505' && /deleted/i.test(f.message), reason: 'This was deleted on the server.' },
  { test: (f) => f.code === '23514' && /posts_content_max_length/.test(f.message), reason: `${CONTENT_TOO_LONG}.` },
  {
    test: (f) => f.code === '23514' && /messages_content_max_length/.test(f.message),
    reason: `${MESSAGE_TOO_LONG}.`,
  },
  { test: (f) => f.code === '23514' || f.code?.startsWith('22') === true, reason: 'The server refused the content.' },
];

/** Words for the failed list: what happened, then the server's own message. */
export function describeFailure(failure: BackendFailure): string {
  const known = REASONS.find((r) => r.test(failure));
  return known ? `${known.reason} (${failure.message})` : failure.message;
}
