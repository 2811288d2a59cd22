// Danger Zone: account deletion, enabled only when DELETE is typed exactly (SPEC §5), and only with a connection.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../state/toast.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useSettingsActions } from '../../state/mutations/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './Settings.module.css';

const CONFIRM_WORD = 'DELETE';

export function DangerZoneTab({ online }: { online: boolean }) {
  const actions = useSettingsActions();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (typed !== CONFIRM_WORD) return;
    setDeleting(true);
    try {
      await actions.deleteAccount(online);
      toast.success('Account deleted successfully');
      // Home, not /auth: the member is signed out and this page is for members only.
      await navigate({ to: '/' });
    } catch (error) {
      reportError(error, FAILURES.deleteAccount);
      setDeleting(false);
    }
  };

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p className={styles.intro}>
        This permanently deletes your account, your profile, your private messages, your likes and your avatar. Your
        threads and posts stay on the forum, shown as by “Deleted member”. This cannot be undone.
      </p>
      <form
        className={styles.deleteForm}
        aria-label="Delete account"
        onSubmit={(e) => {
          e.preventDefault();
          void remove();
        }}
      >
        <Field
          label={`Type ${CONFIRM_WORD} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          disabled={deleting}
        />
        {!online && (
          <p className={styles.waiting} role="status">
            <Icon name="offline" size={16} aria-hidden /> {FAILURES.deleteAccount.offline}
          </p>
        )}
        <Button type="submit" variant="danger" disabled={typed !== CONFIRM_WORD || !online || deleting}>
          {deleting ? 'Deleting…' : 'Delete Account'}
        </Button>
      </form>
    </section>
  );
}
