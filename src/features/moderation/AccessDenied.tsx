// The staff pages' refusal (SPEC §2 "Moderation"): role, user id, and ways out of a stale session. /moderation is
// for admins; a moderator refused there is pointed to their report queue.
import { Link, useNavigate } from '@tanstack/react-router';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import styles from './AccessDenied.module.css';

const REQUIRED = {
  '/moderation': 'You must be an administrator to access this page.',
  '/reports': 'You must be a moderator or an administrator to access this page.',
  '/review': 'You must be a moderator or an administrator to access this page.',
} as const;

interface AccessDeniedProps {
  role: string;
  userId: string;
  /** The page refused, where signing in again leads back to. */
  page: keyof typeof REQUIRED;
}

export function AccessDenied({ role, userId, page }: AccessDeniedProps) {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const clearSession = async () => {
    await signOut();
    window.location.assign(`/auth?redirect=${encodeURIComponent(page)}`);
  };
  const signInAgain = async () => {
    await signOut();
    await navigate({ to: '/auth', search: { redirect: page } });
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
      <p>{REQUIRED[page]}</p>
      {page === '/moderation' && role === 'moderator' && (
        <p>
          Reported posts are in your <Link to="/reports">report queue</Link>.
        </p>
      )}
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
