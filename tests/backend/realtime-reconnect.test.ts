// The app's live socket (src/sync/live.ts) across a restart of the local stack: it connects again by itself, with
// SPEC §9's delays, and its rejoin pokes the engine, whose pull then brings what changed while it was down.
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realtimeConnector, type LiveConnection } from '../../src/sync/live.ts';
import { createMember, makeReply, makeThread } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let live: LiveConnection;
const events: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  const connect = realtimeConnector(
    { url: stack.url, anonKey: stack.anonKey },
    WebSocket as unknown as typeof globalThis.WebSocket,
  );
  let wasUp = false;
  // As the engine takes it: only a change of state counts (a lost socket reports its channel errored, then closed).
  const up = (isUp: boolean) => {
    if (isUp !== wasUp) events.push(isUp ? 'up' : 'down');
    wasUp = isUp;
  };
  live = await connect({ poke: () => events.push('poke'), up });
  await live.setMember(null, null);
});
afterAll(async () => {
  live?.stop();
  await stack?.close();
});

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('pokes on a change, connects again after a restart, and pokes on rejoining to catch up', async () => {
  await until(() => events.includes('up'));
  const author = await createMember(stack);
  const threadId = await makeThread(stack, author.id);
  const before = events.length;
  await makeReply(stack, threadId, author.id);
  await until(() => events.slice(before).includes('poke'));

  await stack.restart();
  await until(() => events.includes('down'));
  const downAt = events.lastIndexOf('down');
  await until(() => events.indexOf('up', downAt) > downAt);
  // The rejoin pokes at once: the engine pulls, and what changed while the socket was down comes with it.
  expect(events.slice(downAt)).toEqual(['down', 'up', 'poke']);
  // And the new socket is poked by the database again.
  await makeReply(stack, threadId, author.id);
  await until(() => events.length > downAt + 3);
  expect(events.slice(downAt + 3)).toEqual(['poke']);
});
