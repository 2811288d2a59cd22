// The Reports tab (staff): open reports grouped by post, most recently reported first, each with the post, the
// reasons, its reporters, and what staff can do: open it, dismiss the reports, delete the post, (admins) ban its
// author, or dismiss every open report of one reporter.
import { Link } from '@tanstack/react-router';
import type { FailureTexts } from '../../backend/errors.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  deleteReportedPost,
  dismissReporterReports,
  dismissReports,
  MODERATION_FAILURES,
  type OpenReport,
  type Reporter,
} from '../../backend/moderation.ts';
import { useBackend } from '../../state/BackendContext.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { BanDialog, type BanTarget } from './BanDialog.tsx';
import { DismissReporterDialog } from './DismissReporterDialog.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import { ago, reasonSummary } from './moderationFacts.ts';
import { ReporterList, reporterName } from './ReporterList.tsx';
import type { PagedQuery } from '../../state/server/moderation.ts';
import styles from './Moderation.module.css';

interface ReportsTabProps {
  list: PagedQuery<OpenReport>;
  /** Admins may ban a post's author from here; the database refuses anyone else. */
  canBan: boolean;
  /** After a ban from here, for a Banned list shown beside this one. */
  onBanned?(): void;
}

export function ReportsTab({ list, canBan, onBanned }: ReportsTabProps) {
  const client = useBackend();
  const { pull } = useMirrorActions();
  const now = useMinuteClock();
  const [busy, setBusy] = useState<string>();
  const [deleting, setDeleting] = useState<OpenReport | null>(null);
  const [banning, setBanning] = useState<{ report: OpenReport; target: BanTarget } | null>(null);
  const [dismissingReporter, setDismissingReporter] = useState<Reporter | null>(null);
  /** One reporter's reports sit on many cards: once the server confirmed, the list is read again. */
  const dismissReporter = async (reporter: Reporter) => {
    setBusy(reporter.id);
    try {
      const dismissed = await dismissReporterReports(client, reporter.id);
      toast.success(`Dismissed ${dismissed} ${dismissed === 1 ? 'report' : 'reports'} from ${reporterName(reporter)}`);
      if (list.state === 'ready') list.reload();
      void pull();
    } catch (error) {
      reportError(error, MODERATION_FAILURES.dismissReporter);
    } finally {
      setBusy(undefined);
    }
  };
  const drop = (postId: string) => {
    if (list.state === 'ready') list.update((rows) => rows.filter((r) => r.post_id !== postId));
  };
  /** Runs a staff action on a post's reports; the card goes once the server confirmed it. */
  const act = async (report: OpenReport, action: () => Promise<unknown>, done: string, texts: FailureTexts) => {
    setBusy(report.post_id);
    try {
      await action();
      toast.success(done);
      drop(report.post_id);
      void pull();
    } catch (error) {
      reportError(error, texts);
    } finally {
      setBusy(undefined);
    }
  };
  const dismiss = (report: OpenReport) =>
    act(report, () => dismissReports(client, report.post_id), 'Reports dismissed', MODERATION_FAILURES.dismiss);
  const deletePost = (report: OpenReport) =>
    act(
      report,
      () => deleteReportedPost(client, report.post_id),
      'Post deleted successfully!',
      MODERATION_FAILURES.deletePost,
    );
  // ban_user closes the open reports of the member's posts itself, with their audit rows.
  const afterBan = (report: OpenReport) => {
    onBanned?.();
    drop(report.post_id);
  };
  return (
    <>
      <ListGate list={list} failed="Failed to load reports" empty="No open reports" />
      {list.state === 'ready' && list.rows.length > 0 && (
        <ul className={styles.cards}>
          {list.rows.map((report) => (
            <li key={report.post_id} className={styles.card} data-testid="open-report">
              <div className={styles.cardHead}>
                <div className={styles.names}>
                  <strong className={styles.threadTitle}>{report.thread_title}</strong>
                  <span className={`muted ${styles.byline}`}>
                    by {report.author_username ? `@${report.author_username}` : 'a deleted member'} · last reported{' '}
                    {ago(report.last_reported_at, now)}
                  </span>
                </div>
                <span className={styles.count}>
                  {report.report_count} {report.report_count === 1 ? 'report' : 'reports'}
                </span>
              </div>
              {report.hidden && <span className={styles.hiddenMark}>Hidden pending review</span>}
              <blockquote className={styles.excerpt}>{report.post_excerpt || 'No text'}</blockquote>
              <div className={styles.reasons}>
                {reasonSummary(report.reasons).map((reason) => (
                  <span key={reason} className={styles.reasonChip}>
                    {reason}
                  </span>
                ))}
              </div>
              {report.details.length > 0 && (
                <ul className={styles.details}>
                  {report.details.map((detail, i) => (
                    <li key={i}>“{detail}”</li>
                  ))}
                </ul>
              )}
              <ReporterList
                reporters={report.reporters}
                busy={busy !== undefined}
                onDismissAll={setDismissingReporter}
              />
              <div className={styles.cardActions}>
                <Link
                  to="/thread/$id"
                  params={{ id: report.thread_id }}
                  hash={`post-${report.post_id}`}
                  className={styles.openLink}
                >
                  Open post
                </Link>
                <Button onClick={() => void dismiss(report)} disabled={busy === report.post_id}>
                  Dismiss
                </Button>
                <Button variant="danger" onClick={() => setDeleting(report)} disabled={busy === report.post_id}>
                  Delete post
                </Button>
                {canBan && report.author_id && report.author_username && (
                  <Button
                    variant="danger"
                    onClick={() =>
                      setBanning({
                        report,
                        target: { id: report.author_id ?? '', username: report.author_username ?? '' },
                      })
                    }
                    disabled={busy === report.post_id}
                  >
                    Ban author
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} failed="Failed to load more reports" />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete post"
        description="Are you sure you want to delete this post?"
      >
        <div className={styles.dialogActions}>
          <DialogClose asChild>
            <Button autoFocus>Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              if (deleting) void deletePost(deleting);
              setDeleting(null);
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
      <DismissReporterDialog
        reporter={dismissingReporter}
        onClose={() => setDismissingReporter(null)}
        onConfirm={(reporter) => void dismissReporter(reporter)}
      />
      <BanDialog
        target={banning?.target ?? null}
        onClose={() => setBanning(null)}
        onBanned={() => banning && afterBan(banning.report)}
      />
    </>
  );
}
