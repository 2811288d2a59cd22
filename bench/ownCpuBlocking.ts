// What the page's own work would block on a machine to itself: Lantern's arithmetic (each task's time at 4x CPU, less
// 50 ms) over the page's main-thread tasks after the first paint, from the thread time each task ran, not its wall
// time. On two cores shared with Chromium's other processes, the local server and the page's workers, a task's wall
// time can be five times its thread time (quiet first visits of the thread: 25-57 ms tasks of 5-7 ms), and
// Lighthouse's TBT, which reads wall time, swings with them. Not judged; printed beside TBT to tell the two apart.
import { rendererMainThreadTasks, type TraceEvent } from '../tests/support/traceTasks.ts';

/** Lighthouse's mobile preset slows the CPU 4x in its simulation (Lantern). */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

export function ownCpuBlockingMs(events: TraceEvent[]): number {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace has no first contentful paint');
  const pageTasks = rendererMainThreadTasks(events).filter((task) => task.pid === paint.pid);
  if (pageTasks.length === 0) throw new Error('The trace names no renderer main thread for the page');
  return pageTasks
    .filter((task) => task.ts >= paint.ts)
    .reduce((blocking, task) => blocking + Math.max(0, CPU_SLOWDOWN * task.thread - BLOCKING_FROM_MS), 0);
}
