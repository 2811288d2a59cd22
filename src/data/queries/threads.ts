// Reads of the mirror for the screens: each list walks one index, then joins the few profiles and categories it names.
import { Dexie } from 'dexie';
import type { Mirror } from '../mirror.ts';
import type { CategoryRow, CategoryType, MessageRow, PostRow, ProfileRow, ThreadRow } from '../types.ts';

export type AuthorSummary = Pick<ProfileRow, 'id' | 'username' | 'display_name' | 'avatar_url' | 'role'>;
export type CategorySummary = Pick<CategoryRow, 'id' | 'name' | 'slug' | 'color' | 'type'>;

export interface ThreadWithRefs extends ThreadRow {
  author: AuthorSummary | null;
  category: CategorySummary | null;
}

export interface PostWithAuthor extends PostRow {
  author: AuthorSummary | null;
}

export interface MessageWithPeople extends MessageRow {
  sender: AuthorSummary | null;
  recipient: AuthorSummary | null;
}

function summary(profile: ProfileRow | undefined): AuthorSummary | null {
  if (!profile) return null;
  const { id, username, display_name, avatar_url, role } = profile;
  return { id, username, display_name, avatar_url, role };
}

async function profilesById(db: Mirror, ids: string[]): Promise<Map<string, AuthorSummary | null>> {
  const unique = [...new Set(ids)];
  const rows = await db.profiles.bulkGet(unique);
  return new Map(unique.map((id, i) => [id, summary(rows[i])]));
}

/** Joins thread rows with their authors and categories: every thread list ends with this. */
export async function withThreadRefs(db: Mirror, threads: ThreadRow[]): Promise<ThreadWithRefs[]> {
  const authors = await profilesById(
    db,
    threads.map((t) => t.author_id),
  );
  const categoryIds = [...new Set(threads.map((t) => t.category_id))];
  const categories = new Map(
    (await db.categories.bulkGet(categoryIds)).filter((c) => c !== undefined).map((c) => [c.id, c]),
  );
  return threads.map((t) => {
    const c = categories.get(t.category_id);
    return {
      ...t,
      author: authors.get(t.author_id) ?? null,
      category: c ? { id: c.id, name: c.name, slug: c.slug, color: c.color, type: c.type } : null,
    };
  });
}

/** The posts of one thread, oldest first, as a Dexie collection (also used to delete them). */
export function postsOfThread(db: Mirror, threadId: string) {
  return db.posts.where('[thread_id+created_at]').between([threadId, Dexie.minKey], [threadId, Dexie.maxKey]);
}

export async function threadPosts(db: Mirror, threadId: string): Promise<PostWithAuthor[]> {
  const posts = await postsOfThread(db, threadId).toArray();
  const authors = await profilesById(
    db,
    posts.map((p) => p.author_id),
  );
  return posts.map((p) => ({ ...p, author: authors.get(p.author_id) ?? null }));
}

/** Active categories by type then order_index. */
export async function allCategories(db: Mirror): Promise<CategoryRow[]> {
  const rows = await db.categories.orderBy('[type+order_index]').toArray();
  return rows.filter((c) => c.is_active);
}

export async function latestThreads(db: Mirror, limit: number): Promise<ThreadWithRefs[]> {
  return withThreadRefs(db, await db.threads.orderBy('created_at').reverse().limit(limit).toArray());
}

/** Threads of every category of a type: pinned first, then newest. */
export async function categoryTypeThreads(
  db: Mirror,
  type: CategoryType,
  offset = 0,
  limit = Infinity,
): Promise<ThreadWithRefs[]> {
  const rows = await db.threads
    .where('[_category_type+_pin+created_at]')
    .between([type, Dexie.minKey, Dexie.minKey], [type, Dexie.maxKey, Dexie.maxKey])
    .reverse()
    .offset(offset)
    .limit(limit)
    .toArray();
  return withThreadRefs(db, rows);
}

export async function threadByIdOrSlug(db: Mirror, idOrSlug: string): Promise<ThreadWithRefs | undefined> {
  const row = (await db.threads.get(idOrSlug)) ?? (await db.threads.where('slug').equals(idOrSlug).first());
  return row ? (await withThreadRefs(db, [row]))[0] : undefined;
}

async function withPeople(db: Mirror, messages: MessageRow[]): Promise<MessageWithPeople[]> {
  const people = await profilesById(
    db,
    messages.flatMap((m) => [m.sender_id, m.recipient_id]),
  );
  return messages.map((m) => ({
    ...m,
    sender: people.get(m.sender_id) ?? null,
    recipient: people.get(m.recipient_id) ?? null,
  }));
}

export async function inbox(db: Mirror, userId: string): Promise<MessageWithPeople[]> {
  const rows = await db.messages
    .where('[recipient_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  return withPeople(db, rows);
}

export async function sentMessages(db: Mirror, userId: string): Promise<MessageWithPeople[]> {
  const rows = await db.messages
    .where('[sender_id+created_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
  return withPeople(db, rows);
}

export function unreadCount(db: Mirror, userId: string): Promise<number> {
  return db.messages.where('[recipient_id+_unread]').equals([userId, 1]).count();
}

/** The member's refused writes, newest first. */
export function failedWrites(db: Mirror, userId: string) {
  return db.failed
    .where('[userId+failedAt]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .toArray();
}
