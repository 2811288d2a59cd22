// /debug-profile: the profile the app holds beside the raw rows of profiles and profile_private.
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { type Probe, useDebugProbes } from '../../state/server/debug.ts';
import { Button } from '../../ui/Button.tsx';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';

export function DebugProfilePage() {
  const probes = useDebugProbes();
  const user = useSession((s) => s.user);
  const profile = useSession((s) => s.profile);
  const [rows, setRows] = useState<{ public: Probe; private: Probe } | null>(null);
  const read = async () => {
    if (!user) return;
    const [publicRow, privateRow] = await Promise.all([probes.readProfileRow(user.id), probes.readPrivateRow(user.id)]);
    setRows({ public: publicRow, private: privateRow });
  };
  const dbRole = (rows?.public.detail as { role?: string } | null | undefined)?.role;
  return (
    <DebugPage title="Profile debug">
      {!user && <p>Sign in to read your profile rows.</p>}
      <DebugCard
        title="Held by the app"
        actions={
          <Button variant="primary" onClick={() => void read()} disabled={!user}>
            Read raw rows
          </Button>
        }
      >
        <Json value={profile} />
      </DebugCard>
      {rows && (
        <>
          <DebugCard title="profiles (public columns)">
            {dbRole !== undefined && (
              <Outcome ok={dbRole === profile?.role}>
                Role in the database: {dbRole}; held by the app: {profile?.role ?? 'none'}
              </Outcome>
            )}
            <Json value={rows.public.detail} />
          </DebugCard>
          <DebugCard title="profile_private (owner only)">
            <Json value={rows.private.detail} />
          </DebugCard>
        </>
      )}
    </DebugPage>
  );
}
