// The rows the mirror holds: the server's columns, plus a few local fields that start with an underscore.
export type CategoryType = 'guapcoin' | 'crypto' | 'support';
export type Role = 'user' | 'moderator' | 'admin';

/** A row written on this device and not yet confirmed by the server, or refused by it. */
export type LocalStatus = 'sending' | 'failed';

export interface CategoryRow {
  id: string;
  name: string;
  description: string | null;
  slug: string;
  color: string | null;
  type: CategoryType;
  order_index: number;
  is_active: boolean;
  sync_txid: number;
}

/** Public profile columns only: private ones live in `me`, for the signed-in member. */
export interface ProfileRow {
  id: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  wallet_address: string | null;
  role: Role;
  reputation: number;
  is_banned: boolean;
  created_at: string;
  updated_at: string;
  sync_txid: number;
}

export interface ThreadRow {
  id: string;
  slug: string;
  title: string;
  category_id: string;
  author_id: string;
  is_pinned: boolean;
  is_locked: boolean;
  is_ad: boolean;
  view_count: number;
  reply_count: number;
  last_reply_at: string | null;
  created_at: string;
  updated_at: string;
  sync_txid: number;
  /** Denormalized from the category so a category-type page reads one index: pinned first, then newest. */
  _category_type: CategoryType | '';
  /** 1 when pinned: IndexedDB cannot index booleans. */
  _pin: 0 | 1;
  /** Latest activity (last reply, else creation): picks the "recently active" threads whose posts are kept. */
  _active_at: string;
  _status?: LocalStatus;
}

export interface PostRow {
  id: string;
  thread_id: string;
  author_id: string;
  content: string;
  type: 'thread' | 'reply';
  images: string[] | null;
  is_first_post: boolean;
  is_edited: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  sync_txid: number;
  _status?: LocalStatus;
}

export interface MessageRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  subject: string;
  content: string;
  is_read: boolean;
  created_at: string;
  updated_at: string;
  sync_txid: number;
  /** 1 while unread: the unread badge counts an index range instead of scanning. */
  _unread: 0 | 1;
  _status?: LocalStatus;
}

/** The signed-in member's private profile fields (the profile_private view). */
export interface MeRow {
  id: string;
  email: string | null;
  notification_preferences: Record<string, boolean>;
  privacy_settings: Record<string, boolean>;
}

/** Threads whose posts the mirror keeps, and why: recently active, or touched (opened or replied to) here. */
export interface KeptThreadRow {
  thread_id: string;
  touched_at: number;
}

export type SyncedTable = 'categories' | 'profiles' | 'threads' | 'posts' | 'messages' | 'sync_tombstones';

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
