// A member's report of another member's post: a row with an id made on this device, so a retry after a lost answer
// cannot report twice; the post says "Reported" at once, and a refusal (already reported, own post) joins the
// failed list with its reason.
import { AppError } from '../../backend/errors.ts';
import type { ReportReason, ReportRow } from '../../data/types.ts';
import { newId, outboxEntry, type WriteContext } from '../enqueue.ts';
import { classifyFailure, describeFailure, type BackendFailure } from '../errors.ts';
import { PushFailure } from '../pushRequests.ts';
import type { PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

/** SPEC has no words for a second report: these are the database contract's (its 23505, HTTP 409). */
const ALREADY_REPORTED = 'You have already reported this post';
/** The longest "other" reason the database takes. */
export const REPORT_DETAILS_MAX = 500;

interface NewReport {
  id: string;
  post_id: string;
  reporter_id: string;
  reason: ReportReason;
  details: string | null;
}

interface ReportWrite {
  kind: 'report';
  report: NewReport;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    report: ReportWrite;
  }
}

function localReport(report: NewReport, at: string): ReportRow {
  return { ...report, created_at: at, _status: 'sending' };
}

function refusalReason(failure: BackendFailure): string {
  if (failure.code === '23505' || failure.status === 409) return ALREADY_REPORTED;
  return `Your report could not be sent. ${describeFailure(failure)}`;
}

async function pushReport(ctx: PushContext, write: ReportWrite): Promise<PushOutcome> {
  const { report } = write;
  const answer = await ctx.client
    .from('post_reports')
    .upsert(report, { onConflict: 'id', ignoreDuplicates: true })
    .select('id,created_at');
  if (answer.error) {
    const failure: BackendFailure = { ...answer.error, status: answer.status };
    // Offline, the server busy or a rate limit: the engine retries it.
    if (classifyFailure(failure) === 'retry') throw new PushFailure(failure);
    return { result: 'failed', failure, reason: refusalReason(failure), changes: [] };
  }
  // No row back: an earlier attempt with this id landed and its answer was lost; the report is there all the same.
  const stored = answer.data?.[0] ?? (await ctx.db.reports.get(report.id));
  const row: ReportRow = { ...report, created_at: stored?.created_at ?? '' };
  return { result: 'sent', changes: [{ table: 'reports', row }] };
}

export const report = {
  name: 'report',
  tables: ['reports'],
  target: (write) => write.report.id,
  push: pushReport,
  creates: {
    rows: (write) => [{ table: 'reports', id: write.report.id }],
    async put(db, write, at) {
      await db.reports.put(localReport(write.report, at));
    },
  },
  shownOn: (write) => ({ post: write.report.post_id }),
} satisfies WriteKind<ReportWrite>;

/** The signed-in member's report of a post made on this device, sent, waiting or refused. */
function ownReport(ctx: WriteContext, postId: string) {
  return ctx.db.reports.where('[reporter_id+post_id]').equals([ctx.userId, postId]).first();
}

/** Reports a post: the post says "Reported" at once, and the report waits in the outbox when offline. */
export async function enqueueReport(
  ctx: WriteContext,
  input: { postId: string; reason: ReportReason; details: string | null },
) {
  const { db } = ctx;
  return db.transaction('rw', [db.reports, db.posts, db.outbox, db.failed], async () => {
    const post = await db.posts.get(input.postId);
    if (!post) throw new AppError('refused', 'This post is no longer on this device.');
    if (post.author_id === ctx.userId) throw new AppError('refused', 'You cannot report your own post');
    const existing = await ownReport(ctx, input.postId);
    if (existing?._status === 'failed') {
      // Reporting again after a refusal is a fresh attempt: the refused one leaves the failed list.
      await db.reports.delete(existing.id);
      await db.failed.filter((f) => f.write.kind === 'report' && f.write.report.id === existing.id).delete();
    } else if (existing) return existing.id;
    const details = input.reason === 'other' ? (input.details?.trim() ?? null) : null;
    const write: ReportWrite = {
      kind: 'report',
      report: { id: newId(ctx), post_id: input.postId, reporter_id: ctx.userId, reason: input.reason, details },
    };
    await report.creates.put(db, write, new Date(ctx.now()).toISOString());
    await db.outbox.add(outboxEntry(ctx, write));
    return write.report.id;
  });
}
