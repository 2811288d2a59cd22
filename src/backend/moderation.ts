// The moderation panel's calls: all online, all decided by the database (admins or staff only, audited there).
import { z } from 'zod';
import type { ForumClient } from './client.ts';
import { backendError, type FailureTexts } from './errors.ts';

const MODERATION_PAGE_SIZE = 50;

/** What each action of the panel says when it fails (SPEC §8 where the spec names it). */
export const MODERATION_FAILURES = {
  ban: { failed: 'Failed to ban user' },
  unban: { failed: 'Failed to unban user' },
  dismiss: { failed: 'Failed to dismiss the reports' },
  dismissReporter: { failed: "Failed to dismiss the reporter's reports" },
  deletePost: { failed: 'Failed to delete post' },
} satisfies Record<string, FailureTexts>;

export interface ModeratedUser {
  id: string;
  username: string;
  display_name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string;
  is_banned: boolean;
  created_at: string;
}

interface UsersPage {
  rows: ModeratedUser[];
  more: boolean;
}

/** One page of members, newest first, after `after` (the last row of the page before); the caller is left out. */
export async function fetchModerationUsers(
  client: ForumClient,
  search: string,
  after: Pick<ModeratedUser, 'created_at' | 'id'> | null,
): Promise<UsersPage> {
  const { data, error, status } = await client.rpc('moderation_users', {
    search: search.trim(),
    max_rows: MODERATION_PAGE_SIZE,
    ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}),
  });
  if (error) throw backendError('Failed to load users', error, status);
  const rows = data ?? [];
  return { rows, more: rows.length === MODERATION_PAGE_SIZE };
}

export async function countModerationUsers(client: ForumClient, search: string): Promise<number> {
  const { data, error, status } = await client.rpc('moderation_user_count', { search: search.trim() });
  if (error) throw backendError('Failed to count users', error, status);
  return Number(data);
}

export interface BannedMember {
  id: string;
  user_id: string;
  username: string;
  email: string | null;
  reason: string | null;
  delete_posts: boolean;
  banned_at: string;
}

export async function fetchBannedMembers(client: ForumClient): Promise<BannedMember[]> {
  const { data, error, status } = await client
    .from('banned_user_list')
    .select('id, user_id, username, email, reason, delete_posts, banned_at')
    .order('banned_at', { ascending: false });
  if (error) throw backendError('Failed to load banned users', error, status);
  return (data ?? []).flatMap((row) =>
    row.id && row.user_id && row.username && row.banned_at
      ? [
          {
            id: row.id,
            user_id: row.user_id,
            username: row.username,
            email: row.email,
            reason: row.reason,
            delete_posts: row.delete_posts ?? false,
            banned_at: row.banned_at,
          },
        ]
      : [],
  );
}

export async function banMember(client: ForumClient, target: string, reason: string, deletePosts: boolean) {
  const { error, status } = await client.rpc('ban_user', { target, reason: reason.trim(), delete_posts: deletePosts });
  if (error) throw backendError('Failed to ban user', error, status);
}

export async function unbanMember(client: ForumClient, target: string) {
  const { error, status } = await client.rpc('unban_user', { target });
  if (error) throw backendError('Failed to unban user', error, status);
}

/** One member who reported a post: whether their reports count towards hiding, and how many are open in all. */
export interface Reporter {
  id: string;
  /** null once the member's account is gone. */
  username: string | null;
  standing: boolean;
  openReports: number;
}

const REPORTERS = z.array(
  z.object({
    id: z.string(),
    username: z.string().nullable(),
    standing: z.boolean(),
    open_reports: z.number().int(),
  }),
);

/** open_reports' reporters (jsonb), first reporter first; an answer of another shape shows none. */
function reportersOf(raw: unknown): Reporter[] {
  const parsed = REPORTERS.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.map((r) => ({
    id: r.id,
    username: r.username,
    standing: r.standing,
    openReports: r.open_reports,
  }));
}

export interface OpenReport {
  post_id: string;
  thread_id: string;
  thread_title: string;
  post_excerpt: string;
  author_id: string | null;
  author_username: string | null;
  report_count: number;
  reasons: string[];
  details: string[];
  first_reported_at: string;
  last_reported_at: string;
  hidden: boolean;
  reporters: Reporter[];
}

/** Open reports grouped by post, the most recently reported first; `before` pages on from the last one shown. */
export async function fetchOpenReports(client: ForumClient, before: string | null) {
  const { data, error, status } = await client.rpc('open_reports', {
    max_rows: MODERATION_PAGE_SIZE,
    ...(before ? { before } : {}),
  });
  if (error) throw backendError('Failed to load reports', error, status);
  const rows: OpenReport[] = (data ?? []).map((row) => ({
    ...row,
    reasons: row.reasons ?? [],
    details: (row.details ?? []).filter((d): d is string => Boolean(d)),
    reporters: reportersOf(row.reporters),
  }));
  return { rows, more: rows.length === MODERATION_PAGE_SIZE };
}

export async function dismissReports(client: ForumClient, postId: string): Promise<number> {
  const { data, error, status } = await client.rpc('dismiss_reports', { post_id: postId });
  if (error) throw backendError('Failed to dismiss the reports', error, status);
  return data ?? 0;
}

/** Dismisses every open report of one member (one audit row); answers how many. */
export async function dismissReporterReports(client: ForumClient, reporterId: string): Promise<number> {
  const { data, error, status } = await client.rpc('dismiss_reporter_reports', { reporter: reporterId });
  if (error) throw backendError("Failed to dismiss the reporter's reports", error, status);
  return data ?? 0;
}

/**
 * Deletes a reported post as staff: its open reports are resolved first, as the reports migration asks (they go
 * with the post), then the post is deleted.
 */
export async function deleteReportedPost(client: ForumClient, postId: string) {
  const resolved = await client.rpc('resolve_reports', { post_id: postId, outcome: 'post_deleted' });
  if (resolved.error) throw backendError('Failed to delete post', resolved.error, resolved.status);
  const { error, status } = await client.from('posts').delete().eq('id', postId);
  if (error) throw backendError('Failed to delete post', error, status);
}

export interface LogFilters {
  /** A username, exactly; blank for anyone. */
  actor: string;
  /** One of LOG_ACTIONS, or '' for all. */
  action: string;
  /** Local dates (yyyy-mm-dd), inclusive; blank for open-ended. */
  from: string;
  to: string;
}

export interface LogEntry {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_username: string | null;
  action: string;
  target_user_id: string | null;
  target_username: string | null;
  thread_id: string | null;
  post_id: string | null;
  reason: string | null;
  details: unknown;
}

/** The start of a local calendar day as an instant, `days` after the date given. */
function dayStart(date: string, days = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).toISOString();
}

/** The id of the member with this username, or null when there is none. */
async function memberId(client: ForumClient, username: string): Promise<string | null> {
  const { data, error, status } = await client.from('profiles').select('id').eq('username', username).maybeSingle();
  if (error) throw backendError('Failed to load the log', error, status);
  return data?.id ?? null;
}

/** One page of the audit log, newest first, filtered; `offset` rows already shown. */
export async function fetchModerationLog(client: ForumClient, filters: LogFilters, offset: number) {
  let request = client.from('moderation_log').select('*').order('created_at', { ascending: false }).order('id', {
    ascending: false,
  });
  const actor = filters.actor.trim().replace(/^@/, '');
  if (actor) {
    const id = await memberId(client, actor);
    if (!id) return { rows: [] as LogEntry[], more: false };
    request = request.eq('actor_id', id);
  }
  if (filters.action) request = request.eq('action', filters.action);
  if (filters.from) request = request.gte('created_at', dayStart(filters.from));
  if (filters.to) request = request.lt('created_at', dayStart(filters.to, 1));
  const { data, error, status } = await request.range(offset, offset + MODERATION_PAGE_SIZE - 1);
  if (error) throw backendError('Failed to load the log', error, status);
  const rows: LogEntry[] = data ?? [];
  return { rows, more: rows.length === MODERATION_PAGE_SIZE };
}
