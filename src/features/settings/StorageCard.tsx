// Settings: how much the app keeps on this device, and "Clear downloaded data", which never drops unsent writes.
import { useEffect, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useSyncStatus } from '../../state/sync/SyncContext.tsx';
import { FAILURES } from '../../backend/failureTexts.ts';
import { Button } from '../../ui/Button.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { useMirroredCounts } from '../../state/queries/storage.ts';
import { describeStorage, type StorageUsage } from './storageUsage.ts';
import styles from './StorageCard.module.css';

function StorageUsageText(props: StorageUsage) {
  const { summary, detail } = describeStorage(props);
  return (
    <>
      <p className={styles.summary} data-testid="storage-usage">
        {summary}
      </p>
      {props.quota > 0 && (
        <meter className={styles.meter} min={0} max={props.quota} value={props.used} aria-label="Space used" />
      )}
      <p data-testid="storage-detail">{detail}</p>
    </>
  );
}

export function StorageCard() {
  const mirror = useMirrorActions();
  const { pending, lastSyncAt } = useSyncStatus();
  const [usage, setUsage] = useState<{ used: number; quota: number } | null>(null);
  const counts = useMirroredCounts();
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    let live = true;
    void navigator.storage?.estimate?.().then(({ usage: used = 0, quota = 0 }) => {
      if (live) setUsage({ used, quota });
    });
    return () => {
      live = false;
    };
  }, [lastSyncAt, clearing]);

  const clear = async () => {
    setClearing(true);
    try {
      await mirror.clearDownloadedData();
      toast.success('Downloaded data cleared');
    } catch (error) {
      reportError(error, FAILURES.clearDownloadedData);
    } finally {
      setClearing(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="storage-heading">
      <h2 id="storage-heading">Storage on this device</h2>
      {usage && counts.state !== 'loading' ? (
        <StorageUsageText {...usage} counts={counts.state === 'ready' ? counts.data : undefined} />
      ) : (
        <p data-testid="storage-usage">Measuring…</p>
      )}
      <p className={styles.hint}>
        Threads and posts are kept here so the forum opens instantly and works offline. Clearing downloads them again;
        {pending > 0 ? ` your ${pending} unsent write(s) are kept.` : ' unsent writes are always kept.'}
      </p>
      <Button onClick={() => void clear()} disabled={clearing}>
        {clearing ? 'Clearing…' : 'Clear downloaded data'}
      </Button>
      <p className={styles.hint} data-testid="app-version">
        App version {import.meta.env.VITE_APP_VERSION ?? __APP_VERSION__}
      </p>
    </section>
  );
}
