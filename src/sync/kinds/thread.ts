// A new thread with its opening post, both with ids made on this device; a slug taken meanwhile gets a suffix.
import type { Mirror } from '../../data/mirror.ts';
import { toThreadRow } from '../../data/rows.ts';
import type { ThreadRow } from '../../data/types.ts';
import type { BackendFailure } from '../errors.ts';
import { newId, outboxEntry, touchThread, type WriteContext } from '../enqueue.ts';
import { insertOnce, PushFailure } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';
import { localPost, newPostHooks, newPostText, pushPost, type NewPost } from './reply.ts';

interface NewThreadWrite {
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

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    thread: NewThreadWrite;
  }
}

/** A new thread's row; the category's type comes from the mirror, for the category-type index. */
async function localThread(db: Mirror, thread: NewThreadWrite['thread'], at: string): Promise<ThreadRow> {
  const category = await db.categories.get(thread.category_id);
  const fresh = {
    ...thread,
    is_pinned: false,
    is_locked: false,
    is_ad: false,
    view_count: 0,
    reply_count: 0,
    last_reply_at: null,
    // Its opening post is numbered by the server when it lands.
    highest_post_number: 0,
    created_at: at,
    updated_at: at,
    sync_txid: 0,
  };
  return { ...toThreadRow(fresh, category?.type), _status: 'sending' };
}

async function threadChange(
  ctx: PushContext,
  thread: Omit<ThreadRow, '_category_type' | '_pin' | '_active_at'>,
): Promise<MirrorChange> {
  const category = await ctx.db.categories.get(thread.category_id);
  return { table: 'threads', row: toThreadRow(thread, category?.type) };
}

const isSlugTaken = (f: BackendFailure) => f.code === '23505' && /slug/i.test(f.message);

/** The thread as the server stored it; a slug taken by another thread gets a short suffix, up to three times. */
async function insertThread(ctx: PushContext, write: NewThreadWrite) {
  let { thread } = write;
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertOnce(ctx, 'threads', thread);
    } catch (e) {
      if (!(e instanceof PushFailure) || !isSlugTaken(e.failure) || attempt >= 3) throw e;
      // Another thread has this slug: keep the title, make the address unique with a short suffix.
      const suffix = Math.floor(ctx.random() * 36 ** 5).toString(36);
      thread = { ...thread, slug: `${thread.slug.slice(0, 94)}-${suffix}` };
    }
  }
}

async function pushThread(ctx: PushContext, write: NewThreadWrite): Promise<PushOutcome> {
  const stored = await insertThread(ctx, write);
  const shown = write.thread.slug;
  // The member saw the first slug (the toast, the address bar, a copied link): it keeps opening the thread here.
  const alias: MirrorChange[] =
    stored.slug === shown ? [] : [{ table: 'slugAliases', row: { slug: shown, thread_id: stored.id } }];
  const post = await pushPost(ctx, write.post);
  return { ...post, changes: [await threadChange(ctx, stored), ...alias, ...post.changes] };
}

export const thread = {
  name: 'thread',
  // The categories give a new thread's row its category type.
  tables: ['threads', 'posts', 'categories', 'slugAliases'],
  target: (write) => write.thread.id,
  push: pushThread,
  creates: {
    rows: (write) => [
      { table: 'threads', id: write.thread.id },
      { table: 'posts', id: write.post.id },
    ],
    async put(db, write, at) {
      await db.threads.put(await localThread(db, write.thread, at));
      await db.posts.put(localPost(write.post, at));
    },
  },
  text: newPostText<NewThreadWrite>(),
  // Deleting the opening post does not take the thread back: the thread is still sent, then its post deleted.
  post: newPostHooks<NewThreadWrite>(() => ({ drop: false, sendDelete: true })),
  // A new thread's failure shows on its opening post.
  shownOn: (write) => ({ post: write.post.id, thread: write.thread.id }),
} satisfies WriteKind<NewThreadWrite>;

export interface NewThreadInput {
  categoryId: string;
  title: string;
  slug: string;
  content: string;
  images: string[];
}

export async function enqueueThread(ctx: WriteContext, input: NewThreadInput) {
  const { db } = ctx;
  const at = new Date(ctx.now()).toISOString();
  const newThread = {
    id: newId(ctx),
    slug: input.slug,
    title: input.title,
    category_id: input.categoryId,
    author_id: ctx.userId,
  };
  const post: NewPost = {
    id: newId(ctx),
    thread_id: newThread.id,
    author_id: ctx.userId,
    content: input.content,
    type: 'thread',
    images: input.images,
    is_first_post: true,
  };
  const write: NewThreadWrite = { kind: 'thread', thread: newThread, post };
  await db.transaction('rw', [db.threads, db.posts, db.outbox, db.keptThreads, db.categories], async () => {
    await thread.creates.put(db, write, at);
    await touchThread(ctx, newThread.id);
    await db.outbox.add(outboxEntry(ctx, write));
  });
  return { threadId: newThread.id, slug: newThread.slug };
}
