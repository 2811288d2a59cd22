// A silenced or suspended member's notice under the header: what they may still do, why, and until when. It loads
// after the first screen (the read is online), and the database refuses their writes whatever it shows.
import { fullTime } from '../../lib/relativeTime.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useOwnPenalty, type OwnPenalty } from '../../state/server/penalties.ts';
import { Icon } from '../../ui/icons.tsx';
import styles from './Notices.module.css';

/** 'Nov 30, 2026, 4:10 AM', or the automatic silence's end: a moderator's review. */
function penaltyEnd(endsAt: string): string {
  return Number.isNaN(Date.parse(endsAt)) ? 'a moderator reviews it' : fullTime(endsAt);
}

const WHAT: Record<OwnPenalty['kind'], { title: string; still: string }> = {
  silence: {
    title: 'Your account is silenced',
    still: 'You can read the forum and send private messages to staff, but you cannot post or reply.',
  },
  suspend: {
    title: 'Your account is suspended',
    still: 'You can read the forum, but you cannot post, reply, like or send messages.',
  },
};

export function PenaltyNotice() {
  const userId = useSession((s) => s.user?.id ?? null);
  const penalty = useOwnPenalty(userId);
  if (!penalty) return null;
  const { title, still } = WHAT[penalty.kind];
  return (
    <div className={styles.banned} role="alert" data-testid="penalty-notice">
      <Icon name="alert" size={18} />
      <span>
        <strong>
          {title} until {penaltyEnd(penalty.ends_at)}.
        </strong>{' '}
        Reason: “{penalty.reason}”. {still}
      </span>
    </div>
  );
}
