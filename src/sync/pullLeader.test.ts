import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PullListener, PullWorker } from './pullInWorker.ts';
import { pullInLeader } from './pullLeader.ts';
import type { RoundContext } from './pullRound.ts';
import type { PullRequest } from './pullWorkerProtocol.ts';

type Grant = (lock: { name: string } | null) => unknown;

/** One browser's Web Locks, as the tabs see them: a tab that closes lets go of what it held and waited for. */
function browserLocks() {
  let holder: string | null = null;
  let queue: { tab: string; grant: () => void }[] = [];
  return {
    forTab(tab: string): Pick<LockManager, 'request'> {
      const request = (name: string, ...args: unknown[]) => {
        const [options, callback] = (args.length === 2 ? args : [{}, args[0]]) as [{ ifAvailable?: boolean }, Grant];
        return new Promise((resolve) => {
          const grant = () => {
            holder = tab;
            resolve(callback({ name }));
          };
          if (holder === null) grant();
          else if (options.ifAvailable) resolve(callback(null));
          else queue.push({ tab, grant });
        });
      };
      return { request: request as unknown as LockManager['request'] };
    },
    close(tab: string) {
      queue = queue.filter((waiting) => waiting.tab !== tab);
      if (holder !== tab) return;
      holder = null;
      queue.shift()?.grant();
    },
  };
}

interface Run {
  request: Omit<PullRequest, 'id'>;
  listen: PullListener;
}

const channels: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

function browser() {
  const locks = browserLocks();
  const name = `pulls-${Math.random()}`;
  /** The pulls each tab's worker was given, by tab; a tab without an entry never started one. */
  const runs = new Map<string, Run[]>();
  const open = (tab: string) => {
    const channel = new BroadcastChannel(name);
    channels.push(channel);
    const worker = (): PullWorker => {
      const mine: Run[] = [];
      runs.set(tab, mine);
      return { run: (request, listen) => mine.push({ request, listen }) };
    };
    const runner = pullInLeader(
      { url: 'http://forum', anonKey: 'anon' },
      { locks: locks.forTab(tab), channel, worker, tabId: tab },
    );
    const progress: number[] = [];
    const round = {
      client: {
        auth: { getSession: () => Promise.resolve({ data: { session: { access_token: `token of ${tab}` } } }) },
      },
      userId: null,
      options: {},
      now: 0,
      onProgress: (rows: number) => progress.push(rows),
      reached: () => undefined,
    } as unknown as RoundContext;
    return {
      pull: () => runner(round),
      progress,
      close: () => {
        channel.close();
        locks.close(tab);
      },
    };
  };
  return { open, runs };
}

describe('pullInLeader', () => {
  it("runs another tab's pull in the leader tab's worker, the only one started", async () => {
    const { open, runs } = browser();
    open('first');
    const second = open('second');
    const pulled = second.pull();
    await vi.waitFor(() => expect(runs.get('first')).toHaveLength(1));
    const [run] = runs.get('first')!;
    expect(run!.request.accessToken).toBe('token of second');
    run!.listen({ type: 'progress', rows: 200 });
    run!.listen({ type: 'done' });
    await pulled;
    expect(second.progress).toEqual([200]);
    expect(runs.has('second')).toBe(false);
  });

  it("fails a pull with the leader worker's error", async () => {
    const { open, runs } = browser();
    open('first');
    const pulled = open('second').pull();
    await vi.waitFor(() => expect(runs.get('first')).toHaveLength(1));
    runs.get('first')![0]!.listen({ type: 'failed', kind: 'network', message: 'offline' });
    await expect(pulled).rejects.toThrow('offline');
  });

  it('when the leader tab closes mid-pull, the next tab takes over and runs the unanswered pull once', async () => {
    const { open, runs } = browser();
    const first = open('first');
    const second = open('second');
    const pulled = second.pull();
    await vi.waitFor(() => expect(runs.get('first')).toHaveLength(1));
    first.close();
    await vi.waitFor(() => expect(runs.get('second')).toHaveLength(1));
    runs.get('second')![0]!.listen({ type: 'done' });
    await pulled;
    expect(runs.get('second')).toHaveLength(1);
  });
});
