// /simple-debug (outside the layout): the stored session as kept in local storage, the profile role
// held by the app beside the one in the database, and a session restore from the stored tokens.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { logError } from '../../state/errors/reportError.ts';
import { type Probe, readStoredSession, useDebugProbes } from '../../state/server/debug.ts';
import { Button } from '../../ui/Button.tsx';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';
import styles from './debug.module.css';

/** Blocked storage or an entry that is not JSON: the page shows "no stored session", and the log says why. */
function storedSession(key: string) {
  try {
    return readStoredSession(key);
  } catch (error) {
    logError(error, 'The stored session could not be read');
    return null;
  }
}

export function SimpleDebugPage() {
  const probes = useDebugProbes();
  const user = useSession((s) => s.user);
  const heldRole = useSession((s) => s.profile?.role ?? null);
  const storageKey = useSession((s) => s.storageKey);
  const [stored, setStored] = useState(() => storedSession(storageKey));
  const [row, setRow] = useState<Probe | null>(null);
  const [restore, setRestore] = useState<Probe | null>(null);
  const dbRole = row?.ok ? ((row.detail as { role?: string } | null)?.role ?? null) : null;

  const restoreSession = async () => {
    if (!stored) return;
    setRestore(await probes.restoreStoredSession(stored));
    setStored(storedSession(storageKey));
  };

  return (
    <main className={styles.standalone}>
      <DebugPage title="Simple debug">
        <p>
          <Link to="/">← Back to forum</Link>
        </p>
        <DebugCard
          title="Stored session"
          actions={
            <Button onClick={() => void restoreSession()} disabled={!stored}>
              Restore session from storage
            </Button>
          }
        >
          <p>
            Key <code>{storageKey}</code>
          </p>
          <Json value={stored ? { ...stored, access_token: '…', refresh_token: '…' } : null} />
          {restore && <Outcome ok={restore.ok}>{`Restore: ${String(restore.detail)}`}</Outcome>}
        </DebugCard>
        <DebugCard
          title="Profile role"
          actions={
            <Button onClick={() => user && void probes.readProfileRow(user.id).then(setRow)} disabled={!user}>
              Read role from the database
            </Button>
          }
        >
          <dl className={styles.facts}>
            <dt>Held by the app</dt>
            <dd data-testid="held-role">{heldRole ?? 'no profile'}</dd>
            <dt>In the database</dt>
            <dd data-testid="db-role">{row ? (dbRole ?? 'no row') : 'not read yet'}</dd>
          </dl>
          {row && dbRole !== null && (
            <Outcome ok={dbRole === heldRole}>{dbRole === heldRole ? 'Roles match' : 'Roles differ'}</Outcome>
          )}
        </DebugCard>
      </DebugPage>
    </main>
  );
}
