// Reporting a post: the post says "Reported" at once, the outbox sends the report when online.
import { useMemo } from 'react';
import type { ReportReason } from '../../data/types.ts';
import { enqueueReport } from '../../sync/kinds/report.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useReportActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      report: (postId: string, reason: ReportReason, details: string | null) =>
        runWrite(engine, (ctx) => enqueueReport(ctx, { postId, reason, details })),
    }),
    [engine],
  );
}

/** The longest "other" reason the database takes. */
export { REPORT_DETAILS_MAX } from '../../sync/kinds/report.ts';
