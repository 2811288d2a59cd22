// The member's read state of each thread a search found, for the same marks as the thread lists. A hit the mirror
// does not hold (found by the server alone) has no state, so no mark.
import { useMemo } from 'react';
import type { ReadState } from '../../data/queries/readState.ts';
import { useReadStates } from '../../state/queries/readState.ts';
import type { ThreadRow } from '../../data/types.ts';
import type { ThreadHit } from '../../data/searchTypes.ts';
import { useThreadRows } from '../../state/queries/readMarks.ts';

const NO_ROWS: ThreadRow[] = [];

export function useHitReadStates(hits: readonly ThreadHit[]): Map<string, ReadState> {
  const ids = useMemo(() => hits.map((h) => h.thread_id), [hits]);
  const rows = useThreadRows(ids);
  return useReadStates(rows.state === 'ready' ? rows.data : NO_ROWS);
}
