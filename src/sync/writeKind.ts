// What a write kind declares, in one object: the outbox, push, settle, failed list and thread screen ask it and
// never branch on a kind's name. The table of kinds is writeKinds.ts; each kind is a file in kinds/.
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import type { ConflictDetail, Write } from '../data/outboxTypes.ts';
import type {
  BookmarkRow,
  CategoryRow,
  LikeRow,
  MeRow,
  MessageRow,
  NotificationRow,
  PostRow,
  ProfileRow,
  ReportRow,
  SlugAliasRow,
  ThreadReadRow,
  ThreadRow,
} from '../data/types.ts';
import type { BackendFailure } from './errors.ts';

/** The mirror tables a write may create or change rows in, with their rows. */
interface WriteTableRows {
  categories: CategoryRow;
  profiles: ProfileRow;
  threads: ThreadRow;
  posts: PostRow;
  messages: MessageRow;
  me: MeRow;
  likes: LikeRow;
  notifications: NotificationRow;
  reports: ReportRow;
  threadReads: ThreadReadRow;
  bookmarks: BookmarkRow;
  slugAliases: SlugAliasRow;
}

type WriteTable = keyof WriteTableRows;

/** One mirror row, by table and its primary key (the id, or a thread's id for threadReads). */
interface RowRef {
  table: WriteTable;
  id: string;
}

/** A change the server's answer asks of the mirror; settle applies it with the outbox update, atomically. */
export type MirrorChange =
  { [T in WriteTable]: { table: T; row: WriteTableRows[T] } }[WriteTable] | { table: WriteTable; deleted: string };

/** How a push went; `reason` words a refusal for the failed list when the server's own message would not do. */
export type PushOutcome = { changes: MirrorChange[] } & (
  | { result: 'sent'; version?: number }
  | { result: 'failed'; failure: BackendFailure; reason?: string; bug?: unknown }
  | { result: 'conflict'; conflict: ConflictDetail; reason: string }
);

export interface PushContext {
  db: Mirror;
  client: ForumClient;
  userId: string;
  /** A short random suffix for a slug that is already taken. */
  random: () => number;
}

/**
 * Hooks are methods, not function properties: a kind of one payload then fits the table of all of them.
 * Optional parts are the ones only some kinds have; a kind without one is left out of what it is for.
 */
export interface WriteKind<W extends Write> {
  readonly name: W['kind'];
  /** The mirror tables its rows and its answers' rows live in: the transactions handling writes span them. */
  readonly tables: readonly WriteTable[];
  /** The mirror row it creates or changes: pulls leave that row alone while the write waits. */
  target(write: W): string;
  /** Sends it, idempotently (a retry after a lost answer must not do it twice), and says what the answer asks. */
  push(ctx: PushContext, write: W): Promise<PushOutcome>;
  /** Rows it makes on this device before the server has them, marked "sending", then "failed" when refused. */
  creates?: {
    rows(write: W): RowRef[];
    /** Writes them: when the write is made, and again for its author after another member used the device. */
    put(db: Mirror, write: W, at: string): Promise<void>;
  };
  /** The words it sends, which the member can change while it sits in the failed list. */
  text?: {
    of(write: W): string;
    with(write: W, content: string): W;
    /** The row showing the words on this device until the server has them: it shows the new words too. */
    shownIn?(write: W): RowRef;
  };
  /** For a write that creates or edits a post: how the member's later changes of that post join it. */
  post?: {
    id(write: W): string;
    /** A later edit made while it waits: the same write, sending the new words. */
    fold(write: W, content: string, images: string[]): W;
    /**
     * A later delete made while it waits: whether the write leaves the outbox, and whether the server still needs
     * a delete (not when dropping a write it never saw is the whole delete). `attempts` says if it may have it.
     */
    onDelete(write: W, attempts: number): { drop: boolean; sendDelete: boolean };
    /** The member edited it while it was on the wire: what sends their words on top of the server's `version`. */
    editOn(write: W, version: number): Write;
  };
  /**
   * The member took it back while it was on the wire (the waiting write was dropped, as an unlike drops a waiting
   * like, or a delete a waiting reply): what takes it back now that the server has it, or may have it (its answer
   * was lost). Only kinds whose writes can be dropped that way need it.
   */
  undo?(write: W): Write;
  /** Where a failure shows on a thread's screen: under this post, on this thread when the write says which. */
  shownOn?(write: W): { post: string; thread?: string };
  /** A retry of a write whose answer never came: what the waiting write keeps of the attempt that may have landed. */
  afterLostAnswer?(waiting: W, sent: W): W;
  /** "Keep mine" after a conflict: shows the member's words again and gives the write that sends them on `version`. */
  keepMine?(db: Mirror, write: W, version: number): Promise<W>;
}
