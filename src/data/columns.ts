// The columns the mirror pulls per table: explicit lists, since profiles hide their private columns from `*`.
import type { Row } from '../backend/database.ts';
import { LIKE_COLUMNS } from '../backend/likes.ts';
import { PUBLIC_PROFILE_COLUMNS } from '../backend/profileColumns.ts';
import type { SyncedTableName } from './syncedTables.ts';

export const CATEGORY_COLUMNS = 'id,name,description,slug,color,type,order_index,is_active,sync_txid';
export const PROFILE_COLUMNS = `${PUBLIC_PROFILE_COLUMNS},sync_txid` as const;
export const THREAD_COLUMNS =
  'id,slug,title,category_id,author_id,is_pinned,is_locked,is_ad,view_count,reply_count,last_reply_at,highest_post_number,created_at,updated_at,sync_txid';
export const POST_COLUMNS =
  'id,thread_id,post_number,author_id,content,type,images,is_first_post,is_edited,version,like_count,hidden_at,created_at,updated_at,sync_txid';
export const MESSAGE_COLUMNS = 'id,sender_id,recipient_id,subject,content,is_read,created_at,updated_at,sync_txid';
export const ME_COLUMNS = 'id,email,notification_preferences,privacy_settings';
export const TOMBSTONE_COLUMNS = 'table_name,row_id,sync_txid';
const NOTIFICATION_COLUMNS =
  'id,recipient_id,actor_id,kind,thread_id,post_id,message_id,actor_count,read_at,created_at,updated_at,sync_txid';
const THREAD_READ_COLUMNS = 'user_id,thread_id,last_read_post_number,updated_at,sync_txid';
export const BOOKMARK_COLUMNS = 'id,user_id,post_id,thread_id,note,created_at,updated_at,sync_txid';

/**
 * What each synced table's pull reads, by its entry's name (data/syncedTables.ts): every entry has its line, or this
 * does not compile. Kept apart from the entries so the first screen, which opens the mirror from them, does not load
 * these lists: they come with the sync engine's first pull.
 */
export const PULLED_COLUMNS = {
  categories: CATEGORY_COLUMNS,
  profiles: PROFILE_COLUMNS,
  threads: THREAD_COLUMNS,
  posts: POST_COLUMNS,
  messages: MESSAGE_COLUMNS,
  post_likes: LIKE_COLUMNS,
  notifications: NOTIFICATION_COLUMNS,
  thread_reads: THREAD_READ_COLUMNS,
  bookmarks: BOOKMARK_COLUMNS,
} as const satisfies { readonly [Name in SyncedTableName]: string };

type ColumnsOf<List extends string> = List extends `${infer Head},${infer Tail}` ? Head | ColumnsOf<Tail> : List;

/** A row as a synced table's pull reads it: its pulled columns of the server's row. */
export type PulledRow<Name extends SyncedTableName> = Pick<
  Row<Name>,
  ColumnsOf<(typeof PULLED_COLUMNS)[Name]> & keyof Row<Name>
>;
