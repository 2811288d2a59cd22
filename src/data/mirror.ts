// The IndexedDB mirror: forum rows, the member's wallet as last read, the outbox, the failed list and the sync
// cursors, in one versioned Dexie database.
import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { PulledRow } from './columns.ts';
import type { FailedEntry, OutboxEntry } from './outboxTypes.ts';
import { syncedStoresByVersion, type SyncedEntry } from './syncedTables.ts';
import type {
  CategoryRow,
  CursorRow,
  KeptThreadRow,
  LikeRow,
  MeRow,
  MessageRow,
  NotificationRow,
  PostRow,
  PushedNotification,
  WorkerSession,
  ProfileRow,
  ReportRow,
  ThreadReadRow,
  ThreadRow,
  BookmarkRow,
  SlugAliasRow,
  WalletSnapshotRow,
} from './types.ts';
import { wordIndexMiddleware } from './wordIndex.ts';
import { MIRROR_NAME } from './mirrorName.ts';

export { MIRROR_NAME };

// Dexie turns its debug mode on for any page whose address starts with localhost or 127.0.0.1: each table operation
// then makes a console task (console.createTask, 8-10 µs with an inspector attached, as the benches' and Lighthouse's
// Chromium has) and each query without a compound index warns. A member's forum is never served so, but the local
// stack is, by npm start and by every bench: built, the app runs the mirror as production does; the dev server keeps
// the debug mode's async stacks.
if (!import.meta.env?.DEV) Dexie.debug = false;

/**
 * The stores of what this device keeps of its own, by the mirror version that set them. The synced tables' stores
 * come from their entries (syncedTables.ts), at their versions; a version may set stores of both.
 */
const LOCAL_STORES: Record<number, Record<string, string | null>> = {
  1: {
    me: 'id',
    keptThreads: 'thread_id, touched_at',
    outbox: '++seq, &id, userId',
    failed: 'id, userId',
    cursors: 'table',
  },
  // The failed list is shown per member, newest first.
  2: { failed: 'id, userId, [userId+failedAt]' },
  // What the service worker needs to send the outbox while no tab is open.
  3: { workerSession: 'key' },
  // Pushes the service worker showed before a pull brought their notification.
  5: { pushedNotifications: 'id' },
  // The posts the member reported from this device.
  6: { reports: 'id, [reporter_id+post_id]' },
  // Slugs this device showed for its own threads before the server settled them on another.
  8: { slugAliases: 'slug' },
  // The wallet's last balance and history per address, for /wallet offline.
  9: { walletSnapshots: 'address' },
  // The word index's postings (wordIndex.ts), keyed outside their values.
  10: { threadWords: '', postWords: '', wordWrites: '' },
  // The same stores; their postings rows become strings (rewritePostings).
  11: {},
  // Each write's postings in one row until enough are merged into the stores of version 10 (postingsMerge.ts).
  12: { wordSegments: '' },
  // The same stores; a segment may list its rows' ids with their words unsplit (wordIndex.ts), which version 12 read
  // as a row of words.
  13: {},
};

/** Each version's stores, oldest first. A new version adds stores or changes them; old ones never change. */
export const MIRROR_VERSIONS: Record<string, string | null>[] = (() => {
  const synced = syncedStoresByVersion();
  const last = Math.max(...Object.keys(LOCAL_STORES).map(Number), ...synced.keys());
  return Array.from({ length: last }, (_, i) => ({ ...LOCAL_STORES[i + 1], ...synced.get(i + 1) }));
})();

/** The code that builds the postings, loaded while the upgrade's transaction is kept open for it. */
const postingsUpgrade = () => Dexie.waitFor(import('./postingsUpgrade.ts'));

/** Moves the rows an older version stored to a version's shape, by version number. */
const MIRROR_UPGRADES: Record<number, (tx: Transaction) => Promise<unknown>> = {
  // The counters come with the next pull of every profile; until then they read 0, not undefined.
  4: async (tx) => {
    await tx
      .table('profiles')
      .toCollection()
      .modify((p: Record<string, unknown>) => {
        p.thread_count ??= 0;
        p.reply_count ??= 0;
        p.last_seen_at ??= null;
      });
    await tx.table('cursors').where('table').equals('profiles').modify({ txid: 0 });
    await tx
      .table('posts')
      .toCollection()
      .modify((p: Record<string, unknown>) => {
        p.like_count ??= 0;
      });
  },
  // Posts stored before hidden_at existed were not hidden: they read null until the server changes them.
  6: async (tx) => {
    await tx
      .table('posts')
      .toCollection()
      .modify((p: Record<string, unknown>) => {
        p.hidden_at ??= null;
      });
  },
  // Post numbers come with the next pull of every thread and post; until then they read 0, not undefined.
  7: async (tx) => {
    await tx
      .table('threads')
      .toCollection()
      .modify((t: Record<string, unknown>) => {
        t.highest_post_number ??= 0;
      });
    await tx
      .table('posts')
      .toCollection()
      .modify((p: Record<string, unknown>) => {
        p.post_number ??= 0;
      });
    await tx.table('cursors').where('table').equals('threads').modify({ txid: 0 });
    // 1, not 0: a posts cursor at 0 skips its window (a first pull fetches kept threads whole, and these are kept).
    await tx.table('cursors').where('table').equals('posts').modify({ txid: 1 });
  },
  // Profiles mirrored before wallet proofs and tips read unverified with no tips, until every profile comes again.
  9: async (tx) => {
    await tx
      .table('profiles')
      .toCollection()
      .modify((p: Record<string, unknown>) => {
        p.wallet_verified ??= false;
        p.tips_received ??= 0;
      });
    await tx.table('cursors').where('table').equals('profiles').modify({ txid: 0 });
  },
  // The words moved from each row (version 8's multi-entry index) to postings, built from the rows' text.
  10: (tx) => postingsUpgrade().then((code) => code.indexMirroredRows(tx)),
  11: (tx) => postingsUpgrade().then((code) => code.rewritePostings(tx)),
};

/** The rows of the synced stores that hold more than their pulled columns (or fewer), by store. */
interface SyncedRows {
  categories: CategoryRow;
  profiles: ProfileRow;
  threads: ThreadRow;
  posts: PostRow;
  messages: MessageRow;
  likes: LikeRow;
  notifications: NotificationRow;
  threadReads: ThreadReadRow;
  bookmarks: BookmarkRow;
}

type Store<Row, Key> = EntityTable<Row, Extract<Key, keyof Row>>;

/** A store per synced table, keyed as its entry says: its rows are its pulled columns unless SyncedRows says more. */
type SyncedStores = {
  [E in SyncedEntry as E['mirror']]: Store<
    E['mirror'] extends keyof SyncedRows ? SyncedRows[E['mirror']] : PulledRow<E['name']>,
    E['key']
  >;
};

export type Mirror = Dexie &
  SyncedStores & {
    me: EntityTable<MeRow, 'id'>;
    keptThreads: EntityTable<KeptThreadRow, 'thread_id'>;
    reports: EntityTable<ReportRow, 'id'>;
    slugAliases: EntityTable<SlugAliasRow, 'slug'>;
    pushedNotifications: EntityTable<PushedNotification, 'id'>;
    outbox: EntityTable<OutboxEntry, 'seq'>;
    failed: EntityTable<FailedEntry, 'id'>;
    cursors: EntityTable<CursorRow, 'table'>;
    workerSession: EntityTable<WorkerSession, 'key'>;
    walletSnapshots: EntityTable<WalletSnapshotRow, 'address'>;
  };

interface MirrorOptions {
  name?: string;
  /** Tests pass fake-indexeddb's factory; the browser's own is used otherwise. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /**
   * The version of the mirror the browser holds (installedMirrorVersion): null when it holds none. A mirror that is
   * new, or already at the last version, has nothing to upgrade, and declares the last version alone; one whose
   * version is older or unknown declares every version with an upgrade.
   */
  installed?: number | null;
}

export function openMirror(options: MirrorOptions = {}): Mirror {
  // Only the factories given: Dexie spreads its options over its defaults, so an undefined one would erase the browser's.
  const db = new Dexie(options.name ?? MIRROR_NAME, {
    ...(options.indexedDB && { indexedDB: options.indexedDB }),
    ...(options.IDBKeyRange && { IDBKeyRange: options.IDBKeyRange }),
  }) as Mirror;
  const current = options.installed === null || options.installed === MIRROR_VERSIONS.length;
  for (const [number, stores] of current ? LAST_VERSION_ALONE : DECLARED_VERSIONS) {
    const version = db.version(number).stores(stores);
    const upgrade = MIRROR_UPGRADES[number];
    if (upgrade) version.upgrade(upgrade);
  }
  return db.use(wordIndexMiddleware);
}

/**
 * The versions a mirror declares: those with an upgrade, and the last, each with the stores of the versions it
 * stands for since the one declared before it. Dexie upgrades from the schema the database holds, so a version with
 * no upgrade need not be declared; and it parses every declared version's stores again at each declaration (17 ms
 * in Node, 113 ms of the app's first task at 4x CPU, with all 13).
 */
export const DECLARED_VERSIONS: [number, Record<string, string | null>][] = (() => {
  const declared: [number, Record<string, string | null>][] = [];
  let since: Record<string, string | null> = {};
  MIRROR_VERSIONS.forEach((stores, i) => {
    since = { ...since, ...stores };
    const number = i + 1;
    if (!MIRROR_UPGRADES[number] && number < MIRROR_VERSIONS.length) return;
    declared.push([number, since]);
    since = {};
  });
  return declared;
})();

/** The last version, with the stores of all: what a mirror declares when it has nothing to upgrade. */
const LAST_VERSION_ALONE: [number, Record<string, string | null>][] = [
  [MIRROR_VERSIONS.length, Object.assign({}, ...MIRROR_VERSIONS) as Record<string, string | null>],
];
