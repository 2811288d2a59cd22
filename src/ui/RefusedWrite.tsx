// A change the server refused, where the form that made it is gone (saved offline, sent later): what it was and why,
// with Discard and Retry. The thread screen's FailedWriteNotice adds Edit and conflicts for texts.
import { FAILURES } from '../backend/failureTexts.ts';
import { reportError } from '../state/errors/reportError.ts';
import { useFailedWriteActions } from '../state/mutations/failedWrites.ts';
import { Button } from './Button.tsx';
import { Icon } from './icons.tsx';
import styles from './RefusedWrite.module.css';

interface RefusedWriteProps {
  /** The failed list's entry id. */
  entryId: string;
  /** The group's accessible name, as "Profile change not sent". */
  label: string;
  /** What was refused, before the server's reason. */
  what: string;
  reason: string;
}

export function RefusedWrite({ entryId, label, what, reason }: RefusedWriteProps) {
  const actions = useFailedWriteActions();
  const attempt = (action: () => Promise<void>) =>
    void action().catch((error: unknown) => reportError(error, FAILURES.failedList));
  return (
    <section className={styles.refused} role="group" aria-label={label}>
      <p>
        <Icon name="alert" size={16} aria-hidden /> {what}: {reason}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => attempt(() => actions.discardFailed(entryId))}>Discard</Button>
        <Button variant="primary" onClick={() => attempt(() => actions.retryFailed(entryId))}>
          Retry
        </Button>
      </div>
    </section>
  );
}
