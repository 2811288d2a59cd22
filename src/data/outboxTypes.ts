// The writes that wait in the outbox, and the ones the server refused, as stored in the mirror database.
export interface NewThreadWrite {
  kind: 'thread';
  thread: {
    id: string;
    slug: string;
    title: string;
    category_id: string;
    author_id: string;
  };
  post: NewPost;
}

export interface NewPost {
  id: string;
  thread_id: string;
  author_id: string;
  content: string;
  type: 'thread' | 'reply';
  images: string[];
  is_first_post: boolean;
}

export interface ReplyWrite {
  kind: 'reply';
  post: NewPost;
}

export interface EditPostWrite {
  kind: 'editPost';
  id: string;
  content: string;
  images: string[];
  /** The server version the member edited: the server applies the edit only if it still has it. */
  baseVersion: number;
  /** Texts sent by earlier attempts whose answer never came: finding one of them on the server is not a conflict. */
  tried?: string[];
}

export interface DeletePostWrite {
  kind: 'deletePost';
  id: string;
}

export interface NewMessageWrite {
  kind: 'message';
  message: { id: string; sender_id: string; recipient_id: string; subject: string; content: string };
}

export interface MarkReadWrite {
  kind: 'markRead';
  id: string;
}

export interface DeleteMessageWrite {
  kind: 'deleteMessage';
  id: string;
}

export type Write =
  NewThreadWrite | ReplyWrite | EditPostWrite | DeletePostWrite | NewMessageWrite | MarkReadWrite | DeleteMessageWrite;

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
  /** Earliest time of the next attempt after a retryable failure (backoff). */
  notBefore: number;
  lastError?: string;
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

/** The id of the mirror row a write creates or changes. */
export function targetId(write: Write): string {
  switch (write.kind) {
    case 'thread':
      return write.thread.id;
    case 'reply':
      return write.post.id;
    case 'message':
      return write.message.id;
    default:
      return write.id;
  }
}
