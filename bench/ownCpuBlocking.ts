// What the page's own work would block on a machine to itself: Lantern's arithmetic (each task's time at 4x CPU, less
// 50 ms) over the page's main-thread tasks after the first paint, from the thread time each task ran, not its wall
// time. On two cores shared with Chromium's other processes, the local server and the page's workers, a task's wall
// time can be five times its thread time (quiet first visits of the thread: 25-57 ms tasks of 5-7 ms), and
// Lighthouse's TBT, which reads wall time, swings with them. Not judged; printed beside TBT to tell the two apart.

/** The fields of a Chrome trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Lighthouse's mobile preset slows the CPU 4x in its simulation (Lantern). */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

export function ownCpuBlockingMs(events: TraceEvent[]): number {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace has no first contentful paint');
  const main = events.find((e) => e.pid === paint.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('The trace names no renderer main thread for the page');
  let blocking = 0;
  for (const e of events) {
    if (e.pid !== paint.pid || e.tid !== main.tid || e.name !== 'RunTask' || e.ph !== 'X' || e.ts < paint.ts) continue;
    const threadMs = (e.tdur ?? e.dur ?? 0) / 1000;
    blocking += Math.max(0, CPU_SLOWDOWN * threadMs - BLOCKING_FROM_MS);
  }
  return blocking;
}
