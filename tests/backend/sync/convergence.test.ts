// Property: whatever the interleaving of offline writes, network failures, flushes and pulls on two devices,
// once the network is back both mirrors and the server agree, and every write landed exactly once.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { threadPosts } from '../../../src/data/queries/posts.ts';
import { enqueueDeletePost, enqueueEdit, enqueueReply } from '../../../src/sync/outbox.ts';
import { catchUp, newDevice, type Device, type NetworkMode } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

const { stack } = setUpSyncStack();
let members: { email: string; password: string; id: string }[];

beforeAll(async () => {
  members = [await stack.newMember(), await stack.newMember()];
});

type Op =
  | { device: 0 | 1; kind: 'reply'; text: string }
  | { device: 0 | 1; kind: 'edit'; pick: number; text: string }
  | { device: 0 | 1; kind: 'delete'; pick: number }
  | { device: 0 | 1; kind: 'network'; mode: NetworkMode }
  | { device: 0 | 1; kind: 'flush' }
  | { device: 0 | 1; kind: 'pull' };

const device = fc.constantFrom<0 | 1>(0, 1);
const words = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `w ${s}`);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ device, kind: fc.constant('reply' as const), text: words }),
  fc.record({ device, kind: fc.constant('edit' as const), pick: fc.nat(), text: words }),
  fc.record({ device, kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    device,
    kind: fc.constant('network' as const),
    mode: fc.constantFrom<NetworkMode>('up', 'down', 'drop-answers'),
  }),
  fc.record({ device, kind: fc.constant('flush' as const) }),
  fc.record({ device, kind: fc.constant('pull' as const) }),
);

async function newThread(): Promise<string> {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.threads (id, slug, title, category_id, author_id)
     select $1::uuid, $1::text, 'Convergence test thread', (select id from public.categories limit 1), $2`,
    [id, members[0]!.id],
  );
  return id;
}

async function serverPosts(threadId: string) {
  const { rows } = await stack.db.query<{ id: string; content: string }>(
    `select id, content from public.posts where thread_id = $1 order by id`,
    [threadId],
  );
  return rows;
}

async function run(ops: Op[]) {
  const threadId = await newThread();
  const devices: Device[] = [];
  for (const [i, m] of members.entries()) {
    const d = await newDevice(stack, { storageKey: `sb-device-${i}` });
    await d.signIn(m.email, m.password);
    await d.engine.sync();
    devices.push(d);
  }
  // What each member means the thread to hold: post id -> latest text, deleted posts removed.
  const intended = new Map<string, string>();
  const own: string[][] = [[], []];
  try {
    for (const o of ops) {
      const d = devices[o.device]!;
      const mine = own[o.device]!;
      if (o.kind === 'reply') {
        const id = await enqueueReply(d.writer(), { threadId, content: o.text, images: [] });
        mine.push(id);
        intended.set(id, o.text);
      } else if ((o.kind === 'edit' || o.kind === 'delete') && mine.length > 0) {
        const id = mine[o.pick % mine.length]!;
        if (o.kind === 'edit') {
          await enqueueEdit(d.writer(), { postId: id, content: o.text, images: [] });
          intended.set(id, o.text);
        } else {
          await enqueueDeletePost(d.writer(), id);
          mine.splice(mine.indexOf(id), 1);
          intended.delete(id);
        }
      } else if (o.kind === 'network') d.network.mode = o.mode;
      else if (o.kind === 'flush') {
        d.clock.advance(60_000);
        await d.engine.flush();
      } else if (o.kind === 'pull') await d.engine.pull();
    }
    for (const d of devices) d.network.mode = 'up';
    for (let round = 0; round < 5; round++) {
      for (const d of devices) {
        d.clock.advance(10 * 60_000);
        await d.engine.flush();
      }
    }
    for (const d of devices) {
      await catchUp(d, stack.db);
      expect(d.engine.status.get().lastError).toBeNull();
    }

    const server = await serverPosts(threadId);
    expect(Object.fromEntries(server.map((p) => [p.id, p.content]))).toEqual(Object.fromEntries(intended));
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.failed.count()).toBe(0);
      const mirrored = (await threadPosts(d.db, threadId)).map((p) => ({ id: p.id, content: p.content }));
      expect(mirrored.sort((a, b) => a.id.localeCompare(b.id))).toEqual(server);
    }
  } finally {
    for (const d of devices) d.close();
  }
}

describe('convergence', () => {
  it('two devices converge to the server state with no write lost or duplicated', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => run(ops)),
      { numRuns: 15 },
    );
  }, 240_000);
});
