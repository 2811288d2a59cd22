// The moderation page's refusal (SPEC §2 "Moderation"): role, user id, and ways out of a stale session.
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import styles from './AccessDenied.module.css';

export function AccessDenied({ role, userId }: { role: string; userId: string }) {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const clearSession = async () => {
    await signOut();
    window.location.assign('/auth?redirect=%2Fmoderation');
  };
  const signInAgain = async () => {
    await signOut();
    await navigate({ to: '/auth', search: { redirect: '/moderation' } });
  };
  return (
    <Panel
      icon="shield"
      title="Access Denied"
      actions={
        <>
          <Button onClick={() => void clearSession()}>Clear session</Button>
          <Button onClick={() => window.location.reload()}>Refresh</Button>
          <Button variant="primary" onClick={() => void signInAgain()}>
            Sign out and sign in again
          </Button>
        </>
      }
    >
      <p>You must be an administrator to access this page.</p>
      <dl className={styles.facts}>
        <dt>Your role</dt>
        <dd data-testid="current-role">{role}</dd>
        <dt>User id</dt>
        <dd>
          <code>{userId}</code>
        </dd>
      </dl>
    </Panel>
  );
}
