// The order of a bulk run (SPEC §4 "Bulk creation", §9): one item at a time, each settled before the next, with a
// 500 ms pause between items; a stop ends it between items. Plain TypeScript with its pause injected, so it is
// tested without a browser or a clock.

export const BULK_PAUSE_MS = 500;

/**
 * How one item ended: on the server, failed to send or refused (with why), still waiting in the outbox when the run
 * stopped, or never sent because it breaks the new-thread rules.
 */
export type ItemResult =
  | { status: 'created'; threadId: string }
  | { status: 'failed'; reason: string; threadId?: string; failedWriteId?: string }
  | { status: 'waiting'; threadId: string }
  | { status: 'invalid'; reason: string };

type Results = Partial<Record<number, ItemResult>>;

/** The items of a list of `count` whose latest result has `status`, in list order. */
export function itemsWith(results: Results, count: number, status: ItemResult['status']): number[] {
  return Array.from({ length: count }, (_, index) => index).filter((index) => results[index]?.status === status);
}

/** What "Retry failed" runs again: the items that failed to send. An invalid item would be refused the same way, so
 * it is reported, never retried. */
export function retryable(results: Results, count: number): number[] {
  return itemsWith(results, count, 'failed');
}

interface RunSteps {
  /** Creates one item and answers once it settled; a failure of its own is answered as 'failed', never thrown. */
  create(index: number): Promise<ItemResult>;
  pause(ms: number): Promise<void>;
  stopped(): boolean;
  onStart(index: number): void;
  onResult(index: number, result: ItemResult): void;
}

/** Runs the items of `indices` in order; answers whether every one of them was run. */
export async function runOneByOne(indices: number[], steps: RunSteps): Promise<boolean> {
  for (const [position, index] of indices.entries()) {
    if (steps.stopped()) return false;
    if (position > 0) await steps.pause(BULK_PAUSE_MS);
    if (steps.stopped()) return false;
    steps.onStart(index);
    steps.onResult(index, await steps.create(index));
  }
  return true;
}

/** Whether "Create N Threads" may start a run: only for a list that has not run yet. Once a run started, the same
 * list would create every thread again, so a new import needs a new file, sample or paste (which resets the run). */
export function canStartRun(phase: 'idle' | 'running' | 'stopping' | 'done'): boolean {
  return phase === 'idle';
}
