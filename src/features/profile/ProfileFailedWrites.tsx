// The owner's profile changes the server refused while the form was not there to show them (saved offline, sent
// later): each with its reason, Retry and Discard, as the thread screen shows a refused reply.
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useFailedWriteActions } from '../../state/mutations/failedWrites.ts';
import { useProfileWrites } from '../../state/queries/profile.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './Profile.module.css';

export function ProfileFailedWrites({ userId }: { userId: string }) {
  const writes = useProfileWrites(userId);
  const actions = useFailedWriteActions();
  if (writes.state !== 'ready' || writes.data.failed.length === 0) return null;
  const attempt = (action: () => Promise<void>) =>
    void action().catch((error: unknown) => reportError(error, FAILURES.failedList));
  return (
    <>
      {writes.data.failed.map((entry) => (
        <section key={entry.id} className={styles.failed} role="group" aria-label="Profile change not sent">
          <p>
            <Icon name="alert" size={16} aria-hidden /> Profile change not sent: {entry.reason}
          </p>
          <div className={styles.formActions}>
            <Button onClick={() => attempt(() => actions.discardFailed(entry.id))}>Discard</Button>
            <Button variant="primary" onClick={() => attempt(() => actions.retryFailed(entry.id))}>
              Retry
            </Button>
          </div>
        </section>
      ))}
    </>
  );
}
