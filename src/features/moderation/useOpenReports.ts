// The open reports, page by page: the Reports tab of /moderation (admins) and the report queue at /reports (staff).
import { useCallback } from 'react';
import { fetchOpenReports, type OpenReport } from '../../backend/moderation.ts';
import { useBackend } from '../../state/BackendContext.tsx';
import { usePagedList, type PagedList } from './usePagedList.ts';

export function useOpenReports(): PagedList<OpenReport> {
  const client = useBackend();
  const fetchReports = useCallback(
    (shown: OpenReport[]) => fetchOpenReports(client, shown.at(-1)?.last_reported_at ?? null),
    [client],
  );
  return usePagedList(fetchReports, 'Failed to load reports');
}
