// A banned member's notice under the header (the database refuses their writes; this says why). It loads only for a
// banned member: nobody else's first screen carries its words.
import { Icon } from '../../ui/icons.tsx';
import styles from './Notices.module.css';

export function BannedNotice() {
  return (
    <div className={styles.banned} role="alert" data-testid="banned-notice">
      <Icon name="alert" size={18} />
      <span>
        <strong>Your account has been banned.</strong> You can still read the forum, but you cannot post threads, reply
        or send messages. Contact the moderators if you think this is a mistake.
      </span>
    </div>
  );
}
