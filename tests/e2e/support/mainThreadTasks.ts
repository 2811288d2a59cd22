// The tasks a page's thread ran, each with the CPU time it took (Chromium's trace: a task's `tdur` is its thread's
// own time, where `dur` and a PerformanceObserver's long tasks are wall-clock). On a busy machine a task waits for a
// core and its wall time stretches (a 35 ms task read 85 ms at load 10); its thread time is the page's own work.
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_file?: string; src_func?: string };
}

export interface MainThreadTask {
  /** Wall-clock time, ms. */
  wall: number;
  /** The thread's own (CPU) time, ms. */
  thread: number;
  /** Where Chromium posted the task from (its source file and function), which names the kind of work it ran. */
  postedFrom: string;
}

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
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return traceEvents
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => ({
      wall: (event.dur ?? 0) / 1000,
      thread: (event.tdur ?? event.dur ?? 0) / 1000,
      postedFrom: `${event.args?.src_func ?? '?'} (${event.args?.src_file ?? '?'})`,
    }));
}
