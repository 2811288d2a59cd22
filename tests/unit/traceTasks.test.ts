import { describe, expect, it } from 'vitest';
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
