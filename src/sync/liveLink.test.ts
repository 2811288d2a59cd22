import { describe, expect, test } from 'vitest';
import type { LiveHandlers } from './live.ts';
import { LiveLink } from './liveLink.ts';
import type { Topic } from '../data/syncedTables.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A link whose pulls wait for the test to finish them, recording the topics each was asked for. */
async function linked() {
  const pulls: { topics: Topic[]; finish: () => void }[] = [];
  let handlers!: LiveHandlers;
  const members: (string | null)[] = [];
  const changes: boolean[] = [];
  const link = new LiveLink(
    (topics) =>
      new Promise<void>((finish) => {
        pulls.push({ topics: [...topics].sort(), finish });
      }),
    () => changes.push(link.up),
  );
  await link.start(async (given) => {
    handlers = given;
    return { setMember: async (userId) => void members.push(userId), stop: () => undefined };
  });
  return {
    link,
    pulls,
    poke: (topic: Topic) => handlers.poke(topic),
    up: (isUp: boolean) => handlers.up(isUp),
    members,
    changes,
  };
}

describe('LiveLink', () => {
  test("a poke pulls its own topic's tables only", async () => {
    const { pulls, poke } = await linked();
    poke('forum');
    expect(pulls.map((p) => p.topics)).toEqual([['forum']]);
  });

  test('pokes during a pull share one more pull after it, of every topic they named', async () => {
    const { pulls, poke } = await linked();
    poke('member');
    poke('forum');
    poke('member');
    poke('forum');
    expect(pulls).toHaveLength(1);
    pulls[0]!.finish();
    await tick();
    expect(pulls.map((p) => p.topics)).toEqual([['member'], ['forum', 'member']]);
  });

  test('a pull after a finished one asks only for what was poked since', async () => {
    const { pulls, poke } = await linked();
    poke('member');
    pulls[0]!.finish();
    await tick();
    poke('forum');
    expect(pulls.map((p) => p.topics)).toEqual([['member'], ['forum']]);
  });

  test('reports the socket up and down once per change, and joins with the latest session', async () => {
    const { link, up, members, changes } = await linked();
    up(true);
    up(true);
    up(false);
    expect(changes).toEqual([true, false]);
    await link.setSession(null);
    expect(members).toEqual([null, null]);
  });

  test('a socket that connects after the link was stopped is closed, and joins nothing', async () => {
    const link = new LiveLink(
      async () => undefined,
      () => undefined,
    );
    let connected!: () => void;
    const arrived = new Promise<void>((resolve) => (connected = resolve));
    const members: (string | null)[] = [];
    let stopped = 0;
    const started = link.start(async () => {
      await arrived;
      return { setMember: async (userId) => void members.push(userId), stop: () => (stopped += 1) };
    });
    link.stop();
    connected();
    await started;
    expect(stopped).toBe(1);
    expect(members).toEqual([]);
    await link.setSession(null);
    expect(members).toEqual([]);
  });
});
