// The run as it goes and after: a progress bar, what was created, what failed to send and what breaks the rules (with
// why), Stop while it runs and "Retry failed" after it, for the items that failed to send.
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { Button } from '../../ui/Button.tsx';
import styles from './BulkCreatePage.module.css';
import type { ItemResult } from './bulkRun.ts';
import type { BulkItem } from './parseBulk.ts';
import type { useBulkRun } from './useBulkRun.ts';

interface BulkProgressProps {
  items: BulkItem[];
  run: ReturnType<typeof useBulkRun>;
}

export function BulkProgress({ items, run }: BulkProgressProps) {
  const online = useSyncStatusOf((s) => s.online);
  const { phase, batch, current, results, stopped } = run.state;
  if (phase === 'idle') return null;
  const total = batch.length;
  const done = batch.filter((index) => results[index] !== undefined).length;
  const all = Object.values(results);
  const created = all.filter((r) => r?.status === 'created').length;
  const waiting = all.filter((r) => r?.status === 'waiting').length;
  const running = phase === 'running' || phase === 'stopping';
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);

  let line: string;
  if (phase === 'stopping') line = `Stopping after the thread being created… ${done} of ${total} done.`;
  else if (running)
    line = `Creating ${Math.min(done + 1, total)} of ${total}${current === null ? '' : `: ${items[current]?.title}`}`;
  else if (stopped) line = `Stopped after ${done} of ${total}.`;
  else line = `Finished: ${done} of ${total}.`;

  return (
    <section className={styles.card} aria-labelledby="bulk-progress-heading">
      <h2 id="bulk-progress-heading" className={styles.subheading}>
        Progress
      </h2>
      <div
        role="progressbar"
        aria-label="Bulk creation progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className={styles.bar}
      >
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className={styles.progressLine}>
        {line}
      </p>
      {running && !online && (
        <p className={styles.notice}>
          You are offline. The thread being created is saved on this device and is sent when you are back online; the
          run goes on then.
        </p>
      )}
      <dl className={styles.summary}>
        <div>
          <dt>Created</dt>
          <dd data-testid="bulk-created">{created}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="bulk-failed">{run.failed.length}</dd>
        </div>
        {run.invalid.length > 0 && (
          <div>
            <dt>Invalid</dt>
            <dd data-testid="bulk-invalid">{run.invalid.length}</dd>
          </div>
        )}
        {waiting > 0 && (
          <div>
            <dt>Waiting to send</dt>
            <dd>{waiting}</dd>
          </div>
        )}
      </dl>
      <ItemsWithReasons heading="Failed threads" indices={run.failed} items={items} results={results} />
      <ItemsWithReasons
        heading="Invalid threads"
        note="These break the new-thread rules and were not sent: fix them in the file and load it again."
        indices={run.invalid}
        items={items}
        results={results}
      />
      {waiting > 0 && !running && (
        <p className={styles.muted}>
          Threads waiting to send are kept on this device and sent when there is a connection.
        </p>
      )}
      <div className={styles.progressActions}>
        {running ? (
          <Button onClick={run.stop} disabled={phase === 'stopping'}>
            Stop
          </Button>
        ) : (
          run.failed.length > 0 && (
            <Button variant="primary" onClick={() => void run.retryFailed()}>
              Retry failed
            </Button>
          )
        )}
      </div>
    </section>
  );
}

interface ItemsWithReasonsProps {
  heading: string;
  note?: string;
  indices: number[];
  items: BulkItem[];
  results: Partial<Record<number, ItemResult>>;
}

/** A titled list of items with why each did not make a thread; nothing when there is none. */
function ItemsWithReasons({ heading, note, indices, items, results }: ItemsWithReasonsProps) {
  if (indices.length === 0) return null;
  return (
    <>
      <h3 className={styles.failedHeading}>{heading}</h3>
      {note && <p className={styles.muted}>{note}</p>}
      <ul className={styles.failedList} aria-label={heading}>
        {indices.map((index) => {
          const result = results[index];
          return (
            <li key={index}>
              <strong>{items[index]?.title}</strong>
              {(result?.status === 'failed' || result?.status === 'invalid') && (
                <span className={styles.reason}>{result.reason}</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
