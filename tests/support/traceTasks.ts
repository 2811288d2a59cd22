// The tasks renderers' main threads ran, read from a Chrome trace (its `toplevel` category): each with its wall time
// and the thread's own (CPU) time, the trace's `tdur`. On a busy machine a task waits for a core and its wall time
// stretches (a 35 ms task read 85 ms at load 10); its thread time is the page's own work. A spec's recording
// (tests/e2e/support/mainThreadTasks.ts) and the Lighthouse bench's blocking sum (bench/ownCpuBlocking.ts) read it.

/** The fields of a Chrome trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_file?: string; src_func?: string };
}

export interface MainThreadTask {
  /** The renderer process. */
  pid: number;
  /** When it started, on the trace's clock (µs). */
  ts: number;
  /** Wall-clock time, ms. */
  wall: number;
  /** The thread's own (CPU) time, ms; the wall time when the trace has none. */
  thread: number;
  /** Where Chromium posted the task from (its source file and function), which names the kind of work it ran. */
  postedFrom: string;
}

/**
 * Chromium's event for one task a thread ran: DevTools' `RunTask` (its timeline category; Lighthouse's traces hold only
 * it) when the trace has it, around the scheduler's own event, which a trace of the `toplevel` category alone holds.
 */
function taskEventOf(events: TraceEvent[]): string {
  return events.some((event) => event.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
}

/** Every task a renderer's main thread ran, in the trace's order. */
export function rendererMainThreadTasks(events: TraceEvent[]): MainThreadTask[] {
  const taskEvent = taskEventOf(events);
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events
    .filter((event) => event.name === taskEvent && event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => ({
      pid: event.pid,
      ts: event.ts,
      wall: (event.dur ?? 0) / 1000,
      thread: (event.tdur ?? event.dur ?? 0) / 1000,
      postedFrom: `${event.args?.src_func ?? '?'} (${event.args?.src_file ?? '?'})`,
    }));
}
