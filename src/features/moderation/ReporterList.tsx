// Who reported a post, on its card in the Reports tab: each reporter's name, whether their reports count towards
// hiding (new accounts' do not), how many open reports they have in all, and a way to dismiss every one of them.
import type { Reporter } from '../../backend/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import cardStyles from './ItemCards.module.css';

export const reporterName = (reporter: Reporter) => (reporter.username ? `@${reporter.username}` : 'a deleted member');

interface ReporterListProps {
  reporters: Reporter[];
  busy: boolean;
  onDismissAll(reporter: Reporter): void;
}

export function ReporterList({ reporters, busy, onDismissAll }: ReporterListProps) {
  if (reporters.length === 0) return null;
  return (
    <div className={cardStyles.reporters}>
      <span className={`muted ${cardStyles.reportersLabel}`}>Reported by</span>
      <ul className={cardStyles.reporterRows}>
        {reporters.map((reporter) => (
          <li key={reporter.id} className={cardStyles.reporterRow} data-testid="reporter">
            <span className={cardStyles.reporterName}>{reporterName(reporter)}</span>
            {!reporter.standing && (
              <span className={cardStyles.newAccount} title="Reports from new accounts do not hide posts">
                New account
              </span>
            )}
            <span className={`muted ${cardStyles.reporterCount}`}>
              {reporter.openReports} open {reporter.openReports === 1 ? 'report' : 'reports'}
            </span>
            {/* On a phone the name is on the line above: the button says "Dismiss all" there. */}
            <Button
              variant="ghost"
              className={cardStyles.reporterAction}
              disabled={busy}
              aria-label={`Dismiss all from ${reporterName(reporter)}`}
              onClick={() => onDismissAll(reporter)}
            >
              Dismiss all<span className={cardStyles.fromName}> from {reporterName(reporter)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
