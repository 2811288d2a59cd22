// The Reports tab (staff): open reports grouped by post, most recently reported first, each with the post, the
// reasons, its reporters, and what staff can do: open it, dismiss the reports, delete the post, (admins) ban its
// author, or dismiss every open report of one reporter.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OpenReport, Reporter } from '../../backend/moderation.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { BanDialog, type BanTarget } from './BanDialog.tsx';
import { DismissReporterDialog } from './DismissReporterDialog.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import { ago, reasonSummary } from './moderationFacts.ts';
import { ReporterList, reporterName } from './ReporterList.tsx';
import {
  useDeleteReportedPost,
  useDismissReporterReports,
  useDismissReports,
  type PagedQuery,
} from '../../state/server/moderation.ts';
import cardStyles from './ItemCards.module.css';
import styles from './Moderation.module.css';

interface ReportsTabProps {
  list: PagedQuery<OpenReport>;
  /** Admins may ban a post's author from here; the database refuses anyone else. */
  canBan: boolean;
  /** After a ban from here, for a Banned list shown beside this one. */
  onBanned?(): void;
}

export function ReportsTab({ list, canBan, onBanned }: ReportsTabProps) {
  const { pull } = useMirrorActions();
  const dismissAll = useDismissReporterReports();
  const dismissOne = useDismissReports();
  const deleteOne = useDeleteReportedPost();
  const now = useMinuteClock();
  const [busy, setBusy] = useState<string>();
  const [deleting, setDeleting] = useState<OpenReport | null>(null);
  const [banning, setBanning] = useState<{ report: OpenReport; target: BanTarget } | null>(null);
  const [dismissingReporter, setDismissingReporter] = useState<Reporter | null>(null);
  /** One reporter's reports sit on many cards: once the server confirmed, the list is read again. */
  const dismissReporter = async (reporter: Reporter) => {
    setBusy(reporter.id);
    const outcome = await dismissAll.run(reporter.id, reporterName(reporter));
    setBusy(undefined);
    if (!outcome.ok) return;
    if (list.state === 'ready') list.reload();
    void pull();
  };
  const drop = (postId: string) => {
    if (list.state === 'ready') list.update((rows) => rows.filter((r) => r.post_id !== postId));
  };
  /** Runs a staff action on a post's reports; the card goes once the server confirmed it. */
  const act = async (report: OpenReport, action: (postId: string) => Promise<{ ok: boolean }>) => {
    setBusy(report.post_id);
    const outcome = await action(report.post_id);
    setBusy(undefined);
    if (!outcome.ok) return;
    drop(report.post_id);
    void pull();
  };
  const dismiss = (report: OpenReport) => act(report, dismissOne.run);
  const deletePost = (report: OpenReport) => act(report, deleteOne.run);
  // ban_user closes the open reports of the member's posts itself, with their audit rows.
  const afterBan = (report: OpenReport) => {
    onBanned?.();
    drop(report.post_id);
  };
  return (
    <>
      <ListGate list={list} failed="Failed to load reports" empty="No open reports" />
      {list.state === 'ready' && list.rows.length > 0 && (
        <ul className={cardStyles.cards}>
          {list.rows.map((report) => (
            <li key={report.post_id} className={cardStyles.card} data-testid="open-report">
              <div className={cardStyles.cardHead}>
                <div className={styles.names}>
                  <strong className={cardStyles.threadTitle}>{report.thread_title}</strong>
                  <span className={`muted ${cardStyles.byline}`}>
                    by {report.author_username ? `@${report.author_username}` : 'a deleted member'} · last reported{' '}
                    {ago(report.last_reported_at, now)}
                  </span>
                </div>
                <span className={cardStyles.count}>
                  {report.report_count} {report.report_count === 1 ? 'report' : 'reports'}
                </span>
              </div>
              {report.hidden && <span className={styles.hiddenMark}>Hidden pending review</span>}
              <blockquote className={cardStyles.excerpt}>{report.post_excerpt || 'No text'}</blockquote>
              <div className={cardStyles.reasons}>
                {reasonSummary(report.reasons).map((reason) => (
                  <span key={reason} className={cardStyles.reasonChip}>
                    {reason}
                  </span>
                ))}
              </div>
              {report.details.length > 0 && (
                <ul className={cardStyles.details}>
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
              <div className={cardStyles.cardActions}>
                <Link
                  to="/thread/$id"
                  params={{ id: report.thread_id }}
                  hash={`post-${report.post_id}`}
                  className={cardStyles.openLink}
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
