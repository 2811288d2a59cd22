// The order of a bulk run (SPEC §4 "Bulk creation", §9): one item at a time, each settled before the next, with a
// 500 ms pause between items; a stop ends it between items. Plain TypeScript with its pause injected, so it is
// tested without a browser or a clock.

export const BULK_PAUSE_MS = 500;

/** How one item ended: on the server, refused (with why), or still waiting in the outbox when the run stopped. */
export type ItemResult =
  | { status: 'created'; threadId: string }
  | { status: 'failed'; reason: string; threadId?: string; failedWriteId?: string }
  | { status: 'waiting'; threadId: string };

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
