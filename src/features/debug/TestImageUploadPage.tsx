// /test-image-upload: upload a chosen image to the media bucket and show it from its public URL.
import { useState, type ChangeEvent } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { type Probe, useDebugProbes } from '../../state/server/debug.ts';
import { DebugCard, DebugPage, Json, Outcome } from './DebugCard.tsx';

export function TestImageUploadPage() {
  const probes = useDebugProbes();
  const userId = useSession((s) => s.user?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<(Probe & { url?: string }) | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !userId) return;
    setBusy(true);
    setResult(await probes.uploadProbe('media', userId, file, false));
    setBusy(false);
    event.target.value = '';
  };

  return (
    <DebugPage title="Image upload test">
      <DebugCard title="Upload to media">
        {!userId && <p>Sign in first: uploads go under your own folder.</p>}
        <label>
          Choose an image{' '}
          <input type="file" accept="image/*" disabled={!userId || busy} onChange={(e) => void onFile(e)} />
        </label>
      </DebugCard>
      {result && (
        <DebugCard title="Result">
          <Outcome ok={result.ok}>{result.ok ? 'Uploaded' : 'Failed'}</Outcome>
          {result.url && <img src={result.url} alt="The uploaded test file" style={{ maxWidth: 320 }} />}
          <Json value={result.detail} />
        </DebugCard>
      )}
    </DebugPage>
  );
}
