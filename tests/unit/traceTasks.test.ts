import { describe, expect, it } from 'vitest';
import { ownCpuBlockingMs } from '../../bench/ownCpuBlocking.ts';
import { rendererMainThreadTasks, type TraceEvent } from '../support/traceTasks.ts';

const named = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const event = (name: string, pid: number, tid: number, ts: number, wallMs: number, threadMs?: number): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  ...(threadMs === undefined ? {} : { tdur: threadMs * 1000 }),
  args: { src_func: 'PostTask', src_file: 'scheduler.cc' },
});
const threads = [named(7, 1, 'CrRendererMain'), named(8, 1, 'CrRendererMain'), named(7, 2, 'DedicatedWorker thread')];

describe('rendererMainThreadTasks', () => {
  it("reads the scheduler's tasks of every renderer's main thread from a toplevel trace, not a worker's", () => {
    const tasks = rendererMainThreadTasks([
      ...threads,
      event('ThreadControllerImpl::RunTask', 7, 1, 100, 80, 20),
      event('ThreadControllerImpl::RunTask', 8, 1, 200, 30),
      event('ThreadControllerImpl::RunTask', 7, 2, 300, 90, 90),
    ]);
    expect(tasks).toEqual([
      { pid: 7, ts: 100, wall: 80, thread: 20, postedFrom: 'PostTask (scheduler.cc)' },
      { pid: 8, ts: 200, wall: 30, thread: 30, postedFrom: 'PostTask (scheduler.cc)' },
    ]);
  });

  it("reads DevTools' RunTask when the trace has it, not the scheduler's event inside it again", () => {
    const tasks = rendererMainThreadTasks([
      ...threads,
      event('RunTask', 7, 1, 100, 81, 21),
      event('ThreadControllerImpl::RunTask', 7, 1, 100, 80, 20),
    ]);
    expect(tasks.map(({ wall, thread }) => ({ wall, thread }))).toEqual([{ wall: 81, thread: 21 }]);
  });
});

describe('ownCpuBlockingMs (the Lighthouse bench)', () => {
  const PAGE = 7;
  const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: 1, ts: 1_000 };
  const task = (ts: number, wallMs: number, threadMs: number, tid = 1) =>
    event('RunTask', PAGE, tid, ts, wallMs, threadMs);

  it("sums 4x each main-thread task's thread time over 50 ms, after the first paint", () => {
    const events = [
      ...threads,
      paint,
      task(500, 80, 40), // before the paint: not counted
      task(2_000, 60, 20), // 80 - 50 = 30
      task(3_000, 90, 10), // 40: not blocking, though its wall time is
      task(4_000, 30, 30), // 120 - 50 = 70
      task(5_000, 200, 100, 2), // a worker's: not counted
      event('RunTask', 8, 1, 6_000, 200, 100), // another renderer's: not counted
    ];
    expect(ownCpuBlockingMs(events)).toBeCloseTo(100);
  });

  it('refuses a trace without a first paint or a main thread', () => {
    expect(() => ownCpuBlockingMs([...threads, task(2_000, 60, 20)])).toThrow('first contentful paint');
    expect(() => ownCpuBlockingMs([paint, task(2_000, 60, 20)])).toThrow('main thread');
  });
});
