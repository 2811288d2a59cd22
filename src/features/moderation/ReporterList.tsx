// Who reported a post, on its card in the Reports tab: each reporter's name, whether their reports count towards
// hiding (new accounts' do not), how many open reports they have in all, and a way to dismiss every one of them.
import type { Reporter } from '../../backend/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Moderation.module.css';

export const reporterName = (reporter: Reporter) => (reporter.username ? `@${reporter.username}` : 'a deleted member');

interface ReporterListProps {
  reporters: Reporter[];
  busy: boolean;
  onDismissAll(reporter: Reporter): void;
}

export function ReporterList({ reporters, busy, onDismissAll }: ReporterListProps) {
  if (reporters.length === 0) return null;
  return (
    <div className={styles.reporters}>
      <span className={`muted ${styles.reportersLabel}`}>Reported by</span>
      <ul className={styles.reporterRows}>
        {reporters.map((reporter) => (
          <li key={reporter.id} className={styles.reporterRow} data-testid="reporter">
            <span className={styles.reporterName}>{reporterName(reporter)}</span>
            {!reporter.standing && (
              <span className={styles.newAccount} title="Reports from new accounts do not hide posts">
                New account
              </span>
            )}
            <span className={`muted ${styles.reporterCount}`}>
              {reporter.openReports} open {reporter.openReports === 1 ? 'report' : 'reports'}
            </span>
            {/* On a phone the name is on the line above: the button says "Dismiss all" there. */}
            <Button
              variant="ghost"
              className={styles.reporterAction}
              disabled={busy}
              aria-label={`Dismiss all from ${reporterName(reporter)}`}
              onClick={() => onDismissAll(reporter)}
            >
              Dismiss all<span className={styles.fromName}> from {reporterName(reporter)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
