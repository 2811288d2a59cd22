// The writes that wait in the outbox, and the ones the server refused, as stored in the mirror database.

/**
 * Every write kind's payload, by kind name. The mirror stores writes without knowing their kinds: each kind's file
 * in src/sync/kinds adds its payload here (declaration merging), next to how it is sent, settled and shown.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, import/no-unused-modules -- filled by the kind files' `declare module`, which the import rule does not see
export interface WritePayloads {}

export type Write = WritePayloads[keyof WritePayloads];

export interface OutboxEntry {
  /** Insertion order: writes go out in the order they were made. */
  seq?: number;
  /** Stable id of the write, kept when it moves to the failed list and back. */
  id: string;
  /** Only the member who wrote it ever sends it. */
  userId: string;
  write: Write;
  createdAt: number;
  /** Bumped when a later edit folds into this waiting write, so a send that raced it is not taken as final. */
  rev: number;
  attempts: number;
  /** Earliest time of the next attempt after a retryable failure (backoff), or the wait a rate limit asked for. */
  notBefore: number;
  lastError?: string;
  /**
   * Its last send got no answer (the connection, not the server): it goes at the next flush a connection back, the
   * app's return or the service worker's sync asks for, not only once its backoff is over.
   */
  unanswered?: boolean;
  /** The server's rate limit that holds it back until `notBefore`: it never reached the database. */
  rateLimit?: WaitingLimit;
}

/** A rate limit a write waits out: which one, and the server's words for it. */
export interface WaitingLimit {
  limit: string;
  message: string;
}

/** What the server had when an edit arrived on top of a version it no longer holds. */
export interface ConflictDetail {
  theirs: string;
  theirsVersion: number;
}

export interface FailedEntry {
  id: string;
  userId: string;
  write: Write;
  createdAt: number;
  failedAt: number;
  /** What to tell the member, in words. */
  reason: string;
  code?: string;
  conflict?: ConflictDetail;
}
