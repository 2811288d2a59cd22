// The rows the mirror holds: the server's columns (the backend's row types), plus a few local fields that start with
// an underscore.
import type { CategoryType, Row } from '../backend/database.ts';
import type { PrivateProfileFields, PublicProfile } from '../backend/profiles.ts';
import type { SyncedTable } from './syncedTables.ts';

export type { CategoryType, Role } from '../backend/database.ts';

/** A row written on this device and not yet confirmed by the server, or refused by it. */
export type LocalStatus = 'sending' | 'failed';

export type CategoryRow = Omit<Row<'categories'>, 'created_at' | 'updated_at'>;

/** Public profile columns only: private ones live in `me`, for the signed-in member. */
export type ProfileRow = PublicProfile & Pick<Row<'profiles'>, 'sync_txid'>;

export type ThreadRow = Row<'threads'> & {
  /** Denormalized from the category so a category-type page reads one index: pinned first, then newest. */
  _category_type: CategoryType | '';
  /** 1 when pinned: IndexedDB cannot index booleans. */
  _pin: 0 | 1;
  /** Latest activity (last reply, else creation): picks the "recently active" threads whose posts are kept. */
  _active_at: string;
  _status?: LocalStatus;
};

export type PostRow = Row<'posts'> & {
  _status?: LocalStatus;
};

export type MessageRow = Row<'messages'> & {
  /** 1 while unread: the unread badge counts an index range instead of scanning. */
  _unread: 0 | 1;
  _status?: LocalStatus;
};

/** A like of the signed-in member (RLS lets each member read only their own): the heart shows offline. */
export type LikeRow = Row<'post_likes'> & {
  _status?: LocalStatus;
};

/**
 * The signed-in member's read position in a thread (the highest post number they have seen), as the server keeps
 * it (thread_reads), or raised here by a move still waiting to be sent.
 */
export type ThreadReadRow = Row<'thread_reads'> & {
  _status?: LocalStatus;
};

/** A bookmark of the signed-in member (RLS lets each member read only their own): the list reads offline. */
export type BookmarkRow = Row<'bookmarks'> & {
  _status?: LocalStatus;
};

/** Why a member reports a post (post_reports.reason). */
export type ReportReason = 'spam' | 'abusive' | 'off_topic' | 'other';

/**
 * A report of a post made on this device by the signed-in member: only so the post says "Reported" here. The
 * mirror never pulls reports (staff read them online), so this holds the member's own, as sent from here.
 */
export interface ReportRow {
  id: string;
  post_id: string;
  reporter_id: string;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  _status?: LocalStatus;
}

export type NotificationKind = 'message' | 'reply' | 'mention' | 'like';

/** A notification of the signed-in member (RLS lets only its recipient read it), for the bell and the app badge. */
export type NotificationRow = Omit<Row<'notifications'>, 'kind'> & {
  kind: NotificationKind;
  /** 1 while unread: the bell and the badge count an index range instead of scanning. */
  _unread: 0 | 1;
};

/** A push the service worker showed before the mirror had its notification: the badge counts it until then. */
export interface PushedNotification {
  id: string;
  at: number;
}

/** The signed-in member's private profile fields (the profile_private view). */
export type MeRow = PrivateProfileFields;

/**
 * A slug this device showed as one of its threads before the server settled that thread on another (a taken slug
 * got a suffix): /t/{slug} keeps opening the thread here.
 */
export interface SlugAliasRow {
  slug: string;
  thread_id: string;
}

/** Threads whose posts the mirror keeps, and why: recently active, or touched (opened or replied to) here. */
export interface KeptThreadRow {
  thread_id: string;
  touched_at: number;
}

export interface CursorRow {
  table: SyncedTable;
  /** The watermark of the last complete pull: every change below it is in the mirror. */
  txid: number;
  /** For the private tables: whose rows they hold, so another member's sign-in starts them afresh. */
  owner?: string | null;
}

/**
 * The signed-in member's current access token, copied here for the service worker's Background Sync. Only the
 * access token: the worker never refreshes (a refresh would rotate the page's refresh token from under it).
 */
export interface WorkerSession {
  key: 'session';
  url: string;
  anonKey: string;
  userId: string;
  accessToken: string;
  /** Seconds since the epoch, as in the JWT. */
  expiresAt: number;
}

/** SPEC §3 "Wallet transaction", as the wallet page reads it from the explorer and keeps it. */
export interface WalletTransactionRow {
  hash: string;
  from: string;
  /** Empty for a contract creation. */
  to: string;
  /** Wei, a string of digits. */
  value: string;
  /** The block's time, ISO 8601. */
  timestamp: string;
  status: 'success' | 'failed';
  gasUsed: string;
  gasPrice: string;
  blockNumber: number;
  /** Which way the coins moved, seen from the member's address. */
  direction: 'Received' | 'Sent';
  /** The other side: the recipient of what the member sent (the new contract for a creation), else the sender. */
  counterpart: string;
}

/**
 * What the explorer last said about one wallet address (lower case), kept so that /wallet shows it offline with its
 * age. Balance and history are fetched side by side but may fail apart, so each has its own time (ms since epoch).
 */
export interface WalletSnapshotRow {
  address: string;
  /** Wei, a string of digits. */
  balance?: string;
  balanceAt?: number;
  transactions?: WalletTransactionRow[];
  transactionsAt?: number;
}
