import { describe, expect, it } from 'vitest';
import { ownCpuBlockingMs, type TraceEvent } from '../../bench/ownCpuBlocking.ts';

const PAGE = 7;
const MAIN = 1;
const named = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (ts: number, wallMs: number, threadMs: number, tid = MAIN, pid = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: threadMs * 1000,
});

describe('ownCpuBlockingMs', () => {
  const base = [named(PAGE, MAIN, 'CrRendererMain'), named(PAGE, 2, 'DedicatedWorker thread')];
  const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: MAIN, ts: 1_000 };

  it("sums 4x each main-thread task's thread time over 50 ms, after the first paint", () => {
    const events = [
      ...base,
      paint,
      task(500, 80, 40), // before the paint: not counted
      task(2_000, 60, 20), // 80 - 50 = 30
      task(3_000, 90, 10), // 40: not blocking, though its wall time is
      task(4_000, 30, 30), // 120 - 50 = 70
      task(5_000, 200, 100, 2), // a worker's: not counted
    ];
    expect(ownCpuBlockingMs(events)).toBeCloseTo(100);
  });

  it('refuses a trace without a first paint or a main thread', () => {
    expect(() => ownCpuBlockingMs([...base, task(2_000, 60, 20)])).toThrow('first contentful paint');
    expect(() => ownCpuBlockingMs([paint, task(2_000, 60, 20)])).toThrow('main thread');
  });
});
