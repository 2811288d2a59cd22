// /reports: the report queue of moderators and admins, linked from the sidebar for staff. /moderation
// stays the admins' panel, as the spec has it. Online only.
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { OnlineOnly } from './OnlineOnly.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { useOpenReports } from '../../state/server/moderation.ts';
import styles from './Moderation.module.css';

export function ReportsPage() {
  const check = useRoleCheck(['admin', 'moderator']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied') return <AccessDenied role={check.role} userId={check.userId} page="/reports" />;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Reports</h1>
          <p className="muted">Posts that members have reported, most recently reported first.</p>
        </div>
      </header>
      <OnlineOnly what="The report queue">
        <ReportQueue canBan={check.role === 'admin'} />
      </OnlineOnly>
    </div>
  );
}

/** Moderators act on reports; only admins may ban from them. */
function ReportQueue({ canBan }: { canBan: boolean }) {
  const reports = useOpenReports();
  return <ReportsTab list={reports} canBan={canBan} />;
}
