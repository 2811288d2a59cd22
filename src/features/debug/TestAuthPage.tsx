// /test-auth: the session store's state, and the auth calls run by hand (get user, refresh, sign out).
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { type Probe, useDebugProbes } from '../../state/server/debug.ts';
import { Button } from '../../ui/Button.tsx';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';
import styles from './debug.module.css';

export function TestAuthPage() {
  const probes = useDebugProbes();
  const state = useSession((s) => s);
  const [result, setResult] = useState<{ label: string; probe: Probe } | null>(null);
  const run = async (label: string, call: () => Promise<Probe>) => {
    setResult({ label, probe: await call() });
  };
  const expiresAt = state.session?.expires_at ? new Date(state.session.expires_at * 1000).toLocaleString() : '—';
  return (
    <DebugPage title="Auth status">
      <DebugCard
        title="Session"
        actions={
          <>
            <Button onClick={() => void run('getUser', () => probes.probeUser())}>Get user</Button>
            <Button onClick={() => void run('refreshSession', () => probes.probeRefresh())}>Refresh session</Button>
            <Button variant="danger" onClick={() => void state.signOut()} disabled={!state.user}>
              Sign out
            </Button>
          </>
        }
      >
        <dl className={styles.facts}>
          <dt>Loading</dt>
          <dd>{String(state.loading)}</dd>
          <dt>Signed in</dt>
          <dd data-testid="auth-status">{state.user ? `yes, as ${state.user.email}` : 'no'}</dd>
          <dt>User id</dt>
          <dd>{state.user?.id ?? '—'}</dd>
          <dt>Token expires</dt>
          <dd>{expiresAt}</dd>
          <dt>Profile</dt>
          <dd>
            {state.profile
              ? `${state.profile.username} (${state.profile.role})${state.profileIsPlaceholder ? ', placeholder' : ''}`
              : '—'}
          </dd>
          <dt>Recovery step</dt>
          <dd>{String(state.recovery)}</dd>
        </dl>
      </DebugCard>
      {result && (
        <DebugCard title={`Result of ${result.label}`}>
          <Outcome ok={result.probe.ok}>{result.probe.ok ? 'OK' : 'Failed'}</Outcome>
          <Json value={result.probe.detail} />
        </DebugCard>
      )}
    </DebugPage>
  );
}
