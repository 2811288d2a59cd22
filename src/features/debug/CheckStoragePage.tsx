// /check-storage: whether each bucket the app needs (media, avatars) answers, as a quick health check.
import { useEffect, useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { type Bucket, BUCKETS, type Probe, useDebugProbes } from '../../state/server/debug.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';

export function CheckStoragePage() {
  const probes = useDebugProbes();
  const userId = useSession((s) => s.user?.id ?? '');
  const [results, setResults] = useState<Record<Bucket, Probe> | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all(BUCKETS.map((b) => probes.listBucket(b, userId))).then(
      (probes) =>
        live && setResults(Object.fromEntries(BUCKETS.map((b, i) => [b, probes[i]!])) as Record<Bucket, Probe>),
    );
    return () => {
      live = false;
    };
  }, [probes, userId, round]);
  return (
    <DebugPage title="Check storage">
      {!results && <Spinner label="Checking buckets…" />}
      {results &&
        BUCKETS.map((bucket) => (
          <DebugCard key={bucket} title={`Bucket ${bucket}`}>
            <Outcome ok={results[bucket].ok}>{results[bucket].ok ? 'Reachable' : 'Not reachable'}</Outcome>
            <Json value={results[bucket].detail} />
          </DebugCard>
        ))}
      <div>
        <Button onClick={() => setRound((r) => r + 1)}>Check again</Button>
      </div>
    </DebugPage>
  );
}
