// The table of synced tables: each server table the mirror follows is declared once here, with the mirror store it
// fills (key and indexes, by mirror version), what a member switch and "Clear downloaded data" clear, and the
// Realtime topic whose pokes announce its changes. What its pull reads is its line in PULLED_COLUMNS (columns.ts),
// which the type there asks of every entry: the first screen opens the mirror from this table, and the column lists
// load only with the sync engine's first pull, after the first paint. The server side of each entry (sync_txid,
// tombstone and poke triggers, 20261101000300_sync.sql and 20261129000100_live_updates.sql, and the pulled columns) is
// checked against it by tests/backend/synced-tables-catalog.test.ts. A table whose rows need more than a plain put
// has its own way of storing them in the sync engine (sync/pullTable.ts); the rest is generic.

/** 'forum': the public topic, poked for everyone's changes. 'member': the signed-in member's own `user:{id}`. */
export type Topic = 'forum' | 'member';

export const ALL_TOPICS: ReadonlySet<Topic> = new Set(['forum', 'member']);

export interface SyncedTableSpec {
  /** The server table. */
  readonly name: string;
  /** The mirror store its rows go to. */
  readonly mirror: string;
  /** Orders the pull's pages after sync_txid, and keys the mirror store. */
  readonly key: string;
  /**
   * The mirror store's indexes after its key, by the mirror version that set them (data/mirror.ts): a table added or
   * re-indexed takes the next version, and the versions before stay as devices have them.
   */
  readonly indexes: Readonly<Record<number, string>>;
  /** The column the mirror's search finds its rows by, through its postings store (wordIndex.ts). */
  readonly words?: string;
  /** The topic whose pokes announce its changes. */
  readonly topic: Topic;
  /** Deletions reach devices as tombstones (write_tombstone); without, its rows go with their thread. */
  readonly tombstones: boolean;
  /**
   * The member's own rows, pulled only while someone is signed in. Another member signing in on this device clears
   * them, with these stores of the last member's.
   */
  readonly own?: { readonly alsoClears: readonly string[] };
  /** "Clear downloaded data": every row, or the rows no unsent write made ('sent'); unset keeps them. */
  readonly downloaded?: 'all' | 'sent';
}

/** An entry with its names and key as written, and every field of a spec to read. */
const synced = <const Spec extends SyncedTableSpec>(spec: Spec): Spec & Omit<SyncedTableSpec, keyof Spec> => spec;

/** In pull order, for the rare table that waits for another: categories before threads. */
export const SYNCED_TABLES = [
  synced({
    name: 'categories',
    mirror: 'categories',
    key: 'id',
    indexes: { 1: '[type+order_index]' },
    topic: 'forum',
    tombstones: true,
    downloaded: 'all',
  }),
  synced({
    name: 'profiles',
    mirror: 'profiles',
    key: 'id',
    indexes: { 1: 'username, reputation' },
    topic: 'forum',
    tombstones: true,
    downloaded: 'all',
  }),
  synced({
    name: 'threads',
    mirror: 'threads',
    key: 'id',
    indexes: {
      1: 'slug, [_category_type+_pin+created_at], [category_id+_pin+created_at], created_at, _active_at',
      8: 'slug, [_category_type+_pin+created_at], [category_id+_pin+created_at], created_at, _active_at, *_words',
      10: 'slug, [_category_type+_pin+created_at], [category_id+_pin+created_at], created_at, _active_at',
    },
    words: 'title',
    topic: 'forum',
    tombstones: true,
    downloaded: 'sent',
  }),
  synced({
    name: 'posts',
    mirror: 'posts',
    key: 'id',
    indexes: {
      1: '[thread_id+created_at], author_id',
      8: '[thread_id+created_at], author_id, *_words',
      10: '[thread_id+created_at], author_id',
    },
    words: 'content',
    topic: 'forum',
    tombstones: true,
    downloaded: 'sent',
  }),
  synced({
    name: 'messages',
    mirror: 'messages',
    key: 'id',
    indexes: { 1: '[recipient_id+created_at], [sender_id+created_at], [recipient_id+_unread]' },
    topic: 'member',
    tombstones: true,
    // The slugs this device showed for the last member's threads, and their wallet, are theirs alone too.
    own: { alsoClears: ['me', 'workerSession', 'slugAliases', 'walletSnapshots'] },
    downloaded: 'sent',
  }),
  synced({
    name: 'post_likes',
    mirror: 'likes',
    key: 'id',
    indexes: { 4: '[user_id+post_id], post_id' },
    // A like changes the post's count, which the forum topic announces; the member's own row comes with it.
    topic: 'forum',
    tombstones: true,
    own: { alsoClears: [] },
    downloaded: 'sent',
  }),
  synced({
    name: 'notifications',
    mirror: 'notifications',
    key: 'id',
    // The bell, newest first, and its unread count.
    indexes: { 5: '[recipient_id+created_at], [recipient_id+_unread]' },
    topic: 'member',
    tombstones: true,
    own: { alsoClears: ['pushedNotifications'] },
  }),
  synced({
    name: 'thread_reads',
    mirror: 'threadReads',
    key: 'thread_id',
    indexes: { 7: '' },
    topic: 'member',
    tombstones: false,
    own: { alsoClears: [] },
    downloaded: 'sent',
  }),
  synced({
    name: 'bookmarks',
    mirror: 'bookmarks',
    key: 'id',
    indexes: { 7: '[user_id+created_at], post_id, thread_id' },
    topic: 'member',
    tombstones: true,
    own: { alsoClears: [] },
    downloaded: 'sent',
  }),
];

/** A synced table's entry, its names and key as written. */
export type SyncedEntry = (typeof SYNCED_TABLES)[number];

/** A synced server table. */
export type SyncedTableName = SyncedEntry['name'];

/** What a sync cursor names: a synced table, or the tombstones every pull reads last. */
export type SyncedTable = SyncedTableName | 'sync_tombstones';

/** A mirror store a synced table fills. */
export type SyncedStore = SyncedEntry['mirror'];

/** A mirror store the search finds rows of by their words. */
export type IndexedStore = Extract<SyncedEntry, { words: string }>['mirror'];

/** The column each indexed store is searched by, as its synced table declares. */
export const INDEXED_COLUMN = new Map<string, string>(
  SYNCED_TABLES.flatMap((t) => (t.words ? [[t.mirror, t.words]] : [])),
);

export function isIndexed(table: string): table is IndexedStore {
  return INDEXED_COLUMN.has(table);
}

/** The stores of the synced tables each mirror version sets, in Dexie's form (key first), by version. */
export function syncedStoresByVersion(): Map<number, Record<string, string>> {
  const versions = new Map<number, Record<string, string>>();
  for (const table of SYNCED_TABLES) {
    for (const [version, indexes] of Object.entries(table.indexes)) {
      const stores = versions.get(Number(version)) ?? {};
      stores[table.mirror] = indexes ? `${table.key}, ${indexes}` : table.key;
      versions.set(Number(version), stores);
    }
  }
  return versions;
}
