// A reply: a new post with an id made on this device, so a retry after a lost answer cannot post it twice.
import type { Mirror } from '../../data/mirror.ts';
import type { Write } from '../../data/outboxTypes.ts';
import type { PostRow } from '../../data/types.ts';
import { newId, outboxEntry, touchThread, type WriteContext } from '../enqueue.ts';
import { fetchRow, insertOnce } from '../pushRequests.ts';
import type { PushContext, PushOutcome, WriteKind } from '../writeKind.ts';
import type { DeletePostWrite } from './deletePost.ts';
import { pushEdit, type EditPostWrite } from './editPost.ts';

export interface NewPost {
  id: string;
  thread_id: string;
  author_id: string;
  content: string;
  type: 'thread' | 'reply';
  images: string[];
  is_first_post: boolean;
}

interface ReplyWrite {
  kind: 'reply';
  post: NewPost;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    reply: ReplyWrite;
  }
}

/** The row of a post written here, shown at once and marked as sending until the server has it. */
export function localPost(post: NewPost, at: string): PostRow {
  return {
    ...post,
    // Numbered by the server when it lands; 0 is never past a read position, so a member's own post is not unread.
    post_number: 0,
    is_edited: false,
    version: 1,
    like_count: 0,
    hidden_at: null,
    created_at: at,
    updated_at: at,
    sync_txid: 0,
    _status: 'sending',
  };
}

export async function pushPost(ctx: PushContext, post: NewPost): Promise<PushOutcome> {
  const answered = await insertOnce(ctx, 'posts', post);
  // The database may hold a new post for approval as it lands (a watched word, a new member's links), after the row
  // it answers with was made: read back, the row says so, and the member sees it held rather than shown to all.
  const row = answered.hidden_at === null ? ((await fetchRow(ctx, 'posts', post.id)) ?? answered) : answered;
  if (row.hidden_at !== null) return { result: 'sent', version: row.version, changes: [{ table: 'posts', row }] };
  if (row.content !== post.content) {
    // An earlier attempt landed with older words, and the member edited them while its answer was lost.
    const { content, images } = post;
    return pushEdit(ctx, { kind: 'editPost', id: post.id, content, images, baseVersion: row.version });
  }
  return { result: 'sent', version: row.version, changes: [{ table: 'posts', row }] };
}

/** A write carrying a new post (a reply, a new thread's opening post) with other words, and images when given. */
function withPostWords<W extends { post: NewPost }>(write: W, content: string, images = write.post.images): W {
  return { ...write, post: { ...write.post, content, images } };
}

/** The edit that sends a new post's latest words on top of the version the server made of it. */
function editOfNewPost({ post }: { post: NewPost }, version: number): EditPostWrite {
  return { kind: 'editPost', id: post.id, content: post.content, images: post.images, baseVersion: version };
}

function deleteOfNewPost({ post }: { post: NewPost }): DeletePostWrite {
  return { kind: 'deletePost', id: post.id };
}

/** The words of a write that creates a post (a reply, a thread's opening post), shown in that post until sent. */
export function newPostText<W extends Write & { post: NewPost }>(): NonNullable<WriteKind<W>['text']> {
  return {
    of: (write) => write.post.content,
    with: (write, content) => withPostWords(write, content),
    shownIn: (write) => ({ table: 'posts', id: write.post.id }),
  };
}

/** How later changes of a post join the write that creates it; only what a delete does differs between kinds. */
export function newPostHooks<W extends Write & { post: NewPost }>(
  onDelete: NonNullable<WriteKind<W>['post']>['onDelete'],
): NonNullable<WriteKind<W>['post']> {
  return {
    id: (write) => write.post.id,
    fold: (write, content, images) => withPostWords(write, content, images),
    onDelete,
    editOn: (write, version) => editOfNewPost(write, version),
  };
}

export const reply = {
  name: 'reply',
  tables: ['posts'],
  target: (write) => write.post.id,
  push: (ctx, write) => pushPost(ctx, write.post),
  creates: {
    rows: (write) => [{ table: 'posts', id: write.post.id }],
    async put(db: Mirror, write, at) {
      await db.posts.put(localPost(write.post, at));
    },
  },
  text: newPostText<ReplyWrite>(),
  // Never tried: the server never saw it, so dropping it is the whole delete.
  post: newPostHooks<ReplyWrite>((_write, attempts) => ({ drop: true, sendDelete: attempts > 0 })),
  // Deleted while on the wire (the drop above): the server has it, or may have it, so a delete follows.
  undo: (write) => deleteOfNewPost(write),
  shownOn: (write) => ({ post: write.post.id, thread: write.post.thread_id }),
} satisfies WriteKind<ReplyWrite>;

export async function enqueueReply(ctx: WriteContext, input: { threadId: string; content: string; images: string[] }) {
  const { db } = ctx;
  const post: NewPost = {
    id: newId(ctx),
    thread_id: input.threadId,
    author_id: ctx.userId,
    content: input.content,
    type: 'reply',
    images: input.images,
    is_first_post: false,
  };
  const write: ReplyWrite = { kind: 'reply', post };
  await db.transaction('rw', [db.posts, db.outbox, db.keptThreads], async () => {
    await reply.creates.put(db, write, new Date(ctx.now()).toISOString());
    await touchThread(ctx, input.threadId);
    await db.outbox.add(outboxEntry(ctx, write));
  });
  return post.id;
}
