// A bulk run for the page: each item's result, the item running now, and start, stop and "Retry failed". The
// per-item toasts and the final one are SPEC §4 and §8's.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { extractImages } from '../../content/images.ts';
import { logError } from '../../state/errors/reportError.ts';
import { useBulkThreadActions } from '../../state/mutations/bulkThreads.ts';
import { threadSchema } from '../compose/index.ts';
import { canStartRun, itemsWith, retryable, runOneByOne, type ItemResult } from './bulkRun.ts';
import type { BulkItem } from './parseBulk.ts';

const BULK_COMPLETE = 'Bulk creation complete';

interface BulkRunState {
  phase: 'idle' | 'running' | 'stopping' | 'done';
  /** The items of the current or last run, as indexes into the list. */
  batch: number[];
  current: number | null;
  /** Every item's latest result, by index; a retry replaces a failed one's. */
  results: Partial<Record<number, ItemResult>>;
  /** The last run was stopped before all its items ran. */
  stopped: boolean;
}

const IDLE: BulkRunState = { phase: 'idle', batch: [], current: null, results: {}, stopped: false };

/** The pause between items; a stop ends it at once. */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** An item's rule-breaking, as Create Thread words it; null for an item the server may take. */
export function itemProblem(item: BulkItem): string | null {
  const result = threadSchema.pick({ title: true, content: true }).safeParse(item);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

function toastResult(title: string, result: ItemResult) {
  if (result.status === 'created') toast.success(`Created: ${title}`);
  else if (result.status === 'failed') toast.error(`Failed: ${title}`);
  else if (result.status === 'invalid') toast.error(`Failed: ${title}`, { description: result.reason });
}

export function useBulkRun(items: BulkItem[], categoryId: string) {
  const actions = useBulkThreadActions();
  const [state, setState] = useState<BulkRunState>(IDLE);
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops the run between items; a thread already saved on this device is still sent.
  useEffect(() => () => running.current?.abort(), []);

  const createOne = async (
    item: BulkItem,
    previous: ItemResult | undefined,
    signal: AbortSignal,
  ): Promise<ItemResult> => {
    // Refused here, as Create Thread refuses it: the server would refuse it the same way.
    const check = threadSchema.safeParse({ categoryId, ...item });
    if (!check.success) return { status: 'invalid', reason: check.error.issues[0]?.message ?? 'Invalid thread' };
    const { title, content } = check.data;
    try {
      const again =
        previous?.status === 'failed' && previous.failedWriteId && previous.threadId
          ? await actions.resend(previous.failedWriteId, previous.threadId, signal)
          : null;
      return again ?? (await actions.create({ categoryId, title, content, images: extractImages(content) }, signal));
    } catch (error) {
      return { status: 'failed', reason: logError(error, 'A bulk thread could not be saved').message };
    }
  };

  const run = async (indices: number[]) => {
    // A second press (or a double click) before the state settles must not start a second run.
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const previous = state.results;
    setState((s) => {
      const results = { ...s.results };
      for (const index of indices) delete results[index];
      return { phase: 'running', batch: indices, current: null, results, stopped: false };
    });
    const complete = await runOneByOne(indices, {
      create: (index) => createOne(items[index]!, previous[index], controller.signal),
      pause: (ms) => pause(ms, controller.signal),
      stopped: () => controller.signal.aborted,
      onStart: (index) => setState((s) => ({ ...s, current: index })),
      onResult: (index, result) => {
        toastResult(items[index]!.title, result);
        setState((s) => ({ ...s, current: null, results: { ...s.results, [index]: result } }));
      },
    });
    running.current = null;
    setState((s) => ({ ...s, phase: 'done', current: null, stopped: !complete }));
    if (complete) toast.success(BULK_COMPLETE);
  };

  const failed = retryable(state.results, items.length);

  return {
    state,
    /** The items that failed to send, which "Retry failed" runs again. */
    failed,
    /** The items that break the new-thread rules: reported, never sent. */
    invalid: itemsWith(state.results, items.length, 'invalid'),
    /** Whether start may run the list: only before its first run (a finished list would be created twice). */
    canStart: canStartRun(state.phase),
    /** Runs every item of the list, once. */
    start: () => (canStartRun(state.phase) ? run(items.map((_, index) => index)) : Promise.resolve()),
    /** Runs only the items that failed, again. */
    retryFailed: () => run(failed),
    stop: () => {
      running.current?.abort();
      setState((s) => (s.phase === 'running' ? { ...s, phase: 'stopping' } : s));
    },
    /** A new list: the results of the old one no longer apply. */
    reset: () => setState(IDLE),
  };
}
