// CPU time spent by the processes this bench started (the browsers and their renderer, storage and other children),
// read from Linux's /proc. On a machine shared with other work, a task's wall time grows with the load while its CPU
// time does not: the two side by side tell the work done from the wait for a core.
import { readdir, readFile } from 'node:fs/promises';

/** The unit of /proc's times (USER_HZ, what `getconf CLK_TCK` answers): 100 a second on every Linux architecture. */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  parent: number;
  /** User and system time, its own and its waited-for children's, in clock ticks. */
  ticks: number;
}

/** A process's parent and CPU ticks, or undefined when it ended while being read. */
async function timesOf(pid: number): Promise<ProcessTimes | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may hold spaces: the fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return { parent: Number(fields[1]), ticks };
}

/** CPU ms spent so far by every process below this one that is still running, or was waited for by one that is. */
export async function childCpuMs(): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const times = new Map<number, ProcessTimes>();
  await Promise.all(
    pids.map(async (pid) => {
      const found = await timesOf(pid);
      if (found) times.set(pid, found);
    }),
  );
  const below = (pid: number): boolean => {
    const parent = times.get(pid)?.parent;
    return parent === process.pid || (parent !== undefined && parent > 1 && below(parent));
  };
  let ticks = 0;
  for (const [pid, found] of times) if (below(pid)) ticks += found.ticks;
  return (ticks * 1000) / TICKS_PER_SECOND;
}
