// The tasks a page's thread ran while recording, each with the CPU time it took (tests/support/traceTasks.ts): a
// PerformanceObserver's long tasks are wall-clock, and on a busy machine a task's wall time stretches.
import type { Browser, Page } from '@playwright/test';
import { rendererMainThreadTasks, type MainThreadTask, type TraceEvent } from '../../support/traceTasks.ts';

/** Starts recording; the returned function stops and gives every task of a renderer's main thread. */
export async function recordMainThreadTasks(page: Page): Promise<() => Promise<MainThreadTask[]>> {
  const browser = page.context().browser();
  if (!browser) throw new Error('recording tasks needs a browser the test launched');
  await browser.startTracing(page, { categories: ['toplevel'] });
  return () => mainThreadTasks(browser);
}

async function mainThreadTasks(browser: Browser): Promise<MainThreadTask[]> {
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  // Every renderer's main thread: one test's page is the only one busy (workers run on threads of their own).
  return rendererMainThreadTasks(traceEvents);
}
