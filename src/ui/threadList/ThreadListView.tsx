// A page of thread rows with its states: 4 placeholders (and first-load progress), the failure text (a failed read,
// or an empty mirror whose first sync the server failed), or the empty state the screen gives; each row with the
// member's read mark.
import type { ReactNode } from 'react';
import { useReadStates } from '../../state/queries/readState.ts';
import type { ThreadPage, ThreadWithRefs } from '../../data/queries/threads.ts';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import { useFirstSync } from '../../state/sync/useFirstSync.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { FirstSyncNotice } from './FirstSyncNotice.tsx';
import { ThreadListPlaceholders, ThreadListRow } from './ThreadListRow.tsx';
import styles from './ThreadList.module.css';

/** SPEC §9: a category shows 4 loading placeholders. */
const PLACEHOLDERS = 4;

const NO_THREADS: ThreadWithRefs[] = [];

export function ThreadListView({ result, empty }: { result: MirrorResult<ThreadPage>; empty: ReactNode }) {
  const firstSync = useFirstSync();
  const readStates = useReadStates(result.state === 'ready' ? result.data.threads : NO_THREADS);
  if (result.state === 'failed' || (result.state === 'ready' && result.data.total === 0 && firstSync.failed)) {
    return <LoadFailure title="Failed to load threads" />;
  }
  const waiting = result.state === 'loading' || (result.data.total === 0 && firstSync.active);
  if (waiting) {
    return (
      <>
        {firstSync.active && <FirstSyncNotice />}
        <ul className={styles.list} aria-busy>
          <ThreadListPlaceholders count={PLACEHOLDERS} />
        </ul>
      </>
    );
  }
  if (result.data.threads.length === 0) return <>{empty}</>;
  return (
    <ul className={styles.list}>
      {result.data.threads.map((t) => (
        <ThreadListRow key={t.id} thread={t} read={readStates.get(t.id)} />
      ))}
    </ul>
  );
}
