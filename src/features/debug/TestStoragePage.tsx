// /test-storage: upload a test file to a bucket under the member's folder, read it back, optionally remove it.
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { type Bucket, BUCKETS, type Probe, useDebugProbes } from '../../state/server/debug.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';
import styles from './debug.module.css';

export function TestStoragePage() {
  const probes = useDebugProbes();
  const userId = useSession((s) => s.user?.id ?? null);
  const [bucket, setBucket] = useState<Bucket>('media');
  const [cleanUp, setCleanUp] = useState(true);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ label: string; probe: Probe & { url?: string } } | null>(null);

  const run = async (label: string, call: () => Promise<Probe & { url?: string }>) => {
    setBusy(true);
    setResult({ label, probe: await call() });
    setBusy(false);
  };

  return (
    <DebugPage title="Storage bucket tests">
      {!userId && <p>Sign in first: uploads go under your own folder.</p>}
      <DebugCard
        title="Bucket"
        actions={
          <>
            <Button
              variant="primary"
              disabled={!userId || busy}
              onClick={() => userId && void run('upload', () => probes.uploadProbe(bucket, userId, undefined, cleanUp))}
            >
              Upload a test image
            </Button>
            <Button
              disabled={!userId || busy}
              onClick={() => userId && void run('list', () => probes.listBucket(bucket, userId))}
            >
              List my files
            </Button>
          </>
        }
      >
        <div className={styles.actions}>
          <Select
            label="Bucket"
            value={bucket}
            onValueChange={(v) => setBucket(v as Bucket)}
            options={BUCKETS.map((b) => ({ value: b, label: b }))}
          />
          <Checkbox checked={cleanUp} onCheckedChange={setCleanUp} label="Remove the test file afterwards" />
        </div>
      </DebugCard>
      {result && (
        <DebugCard title={`Result of ${result.label} in ${bucket}`}>
          <Outcome ok={result.probe.ok}>{result.probe.ok ? 'OK' : 'Failed'}</Outcome>
          {result.probe.url && (
            <p>
              Public URL: <code>{result.probe.url}</code>
            </p>
          )}
          <Json value={result.probe.detail} />
        </DebugCard>
      )}
    </DebugPage>
  );
}
