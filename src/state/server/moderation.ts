// The moderation panel's reads, which only the server answers (members, the banned, open reports, the audit log),
// and its actions, each refused at once offline and confirmed by the server before the screen changes.
import type { ForumClient } from '../../backend/client.ts';
import {
  banMember,
  countModerationUsers,
  deleteReportedPost,
  dismissReporterReports,
  dismissReports,
  fetchBannedMembers,
  fetchModerationLog,
  fetchModerationUsers,
  fetchOpenReports,
  MODERATION_FAILURES,
  unbanMember,
  type BannedMember,
  type LogEntry,
  type LogFilters,
  type ModeratedUser,
  type OpenReport,
} from '../../backend/moderation.ts';
import { usePagedQuery, type PagedQuery } from './usePagedQuery.ts';
import { useServerAction } from './useServerAction.ts';
import { useServerQuery } from './useServerQuery.ts';

export type { PagedQuery };

export const useModerationUsers = (search: string): PagedQuery<ModeratedUser> =>
  usePagedQuery(
    ['moderationUsers', search],
    (client, shown: ModeratedUser[]) => fetchModerationUsers(client, search, shown.at(-1) ?? null),
    'Failed to load users',
  );

/** How many members the Users tab holds (the admin not counted); nothing while unknown. */
export function useUserCount(): number | undefined {
  return useServerQuery(['moderationUserCount'], (client) => countModerationUsers(client, ''), {
    label: 'Failed to count users',
  }).data;
}

export const useBannedMembers = (): PagedQuery<BannedMember> =>
  usePagedQuery(
    ['bannedMembers'],
    (client) => fetchBannedMembers(client).then((rows) => ({ rows, more: false })),
    'Failed to load banned users',
  );

/** The open reports: the Reports tab of /moderation (admins) and the report queue at /reports (staff). */
export const useOpenReports = (): PagedQuery<OpenReport> =>
  usePagedQuery(
    ['openReports'],
    (client, shown: OpenReport[]) => fetchOpenReports(client, shown.at(-1)?.last_reported_at ?? null),
    'Failed to load reports',
  );

export const useModerationLog = (filters: LogFilters): PagedQuery<LogEntry> =>
  usePagedQuery(
    ['moderationLog', filters],
    (client, shown: LogEntry[]) => fetchModerationLog(client, filters, shown.length),
    'Failed to load the log',
  );

export const useBanMember = () =>
  useServerAction(banMember, { failure: MODERATION_FAILURES.ban, success: 'User banned successfully' });

export const useUnbanMember = () =>
  useServerAction(unbanMember, { failure: MODERATION_FAILURES.unban, success: 'User unbanned successfully' });

export const useDismissReports = () =>
  useServerAction(dismissReports, { failure: MODERATION_FAILURES.dismiss, success: 'Reports dismissed' });

export const useDeleteReportedPost = () =>
  useServerAction(deleteReportedPost, {
    failure: MODERATION_FAILURES.deletePost,
    success: 'Post deleted successfully!',
  });

/** `name` is how the screen names the reporter, for the toast that says how many of their reports went. */
async function dismissAllOf(client: ForumClient, reporterId: string, name: string) {
  return { dismissed: await dismissReporterReports(client, reporterId), name };
}

const DISMISS_REPORTER_TEXTS = {
  failure: MODERATION_FAILURES.dismissReporter,
  success: ({ dismissed, name }: { dismissed: number; name: string }) =>
    `Dismissed ${dismissed} ${dismissed === 1 ? 'report' : 'reports'} from ${name}`,
};

export const useDismissReporterReports = () => useServerAction(dismissAllOf, DISMISS_REPORTER_TEXTS);
