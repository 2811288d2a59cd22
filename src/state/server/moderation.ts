// The moderation panel's reads, which only the server answers: members, the banned, open reports, the audit log.
import {
  countModerationUsers,
  fetchBannedMembers,
  fetchModerationLog,
  fetchModerationUsers,
  fetchOpenReports,
  type BannedMember,
  type LogEntry,
  type LogFilters,
  type ModeratedUser,
  type OpenReport,
} from '../../backend/moderation.ts';
import { usePagedQuery, type PagedQuery } from './usePagedQuery.ts';
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
