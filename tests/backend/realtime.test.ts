// Live updates at the protocol level: supabase-js's channel() against the local stack's realtime websocket,
// with the pokes the database sends (20261129000100_live_updates.sql). A poke names a transaction and carries no
// row; private topics are read only by whom realtime.messages' policies allow.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../supabase/local/jwt.ts';
import { REALTIME_PATH } from '../../supabase/local/realtime/realtimeServer.ts';
import { createMember, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let alice: TestMember;
let bob: TestMember;
let threadId: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  alice = await createMember(stack);
  bob = await createMember(stack);
  threadId = await makeThread(stack, alice.id);
});
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await stack?.close();
});

/** A supabase-js client whose realtime socket carries `token` (a member's access token), or the anon key. */
function realtimeClient(token?: string): SupabaseClient {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  if (token) void client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

const tokenOf = (member: TestMember, expiresIn = 3600) =>
  signAccessToken(stack.ctx.keys, { sub: member.id, role: 'authenticated', aud: 'authenticated' }, expiresIn);

interface Poke {
  txid: number;
}

/** Joins `topic` and keeps every poke it gets; rejects with the server's reason when the join is refused. */
async function listen(client: SupabaseClient, topic: string, isPrivate: boolean) {
  const pokes: Poke[] = [];
  const channel = client.channel(topic, { config: { private: isPrivate } });
  channel.on('broadcast', { event: 'changed' }, ({ payload }) => pokes.push(payload as Poke));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
  return { channel, pokes };
}

async function until(check: () => boolean, what: string) {
  while (!check()) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check(), what).toBe(true);
}

const reply = (member: TestMember) =>
  member.client.from('posts').insert({ thread_id: threadId, author_id: member.id, content: `Live ${randomUUID()}` });
const message = (from: TestMember, to: TestMember) =>
  from.client
    .from('messages')
    .insert({ sender_id: from.id, recipient_id: to.id, subject: 'Live', content: 'Are you there?' });

describe('the public forum topic', () => {
  it('pokes a visitor with the transaction of a reply, and no row', async () => {
    const { pokes } = await listen(realtimeClient(), 'forum', false);
    const { error } = await reply(bob);
    expect(error).toBeNull();
    const { rows } = await stack.db.query<{ max: string }>(
      `select max(sync_txid)::text as max from public.posts where thread_id = $1`,
      [threadId],
    );
    // The reply's own transaction, or, when the topic was poked within its interval, the later one that sent the
    // trailing poke: either way a pull started by it reads the reply.
    await until(() => pokes.some((p) => p.txid >= Number(rows[0]!.max)), 'the poke announcing the reply');
    expect(pokes[0]).toEqual({ txid: expect.any(Number), id: expect.any(String) });
  });
});

describe('realtime.send, as hosted', () => {
  it('delivers every call of a transaction, identical ones too, each with its own id', async () => {
    const { pokes } = await listen(realtimeClient(), 'twice', false);
    await stack.db.transaction(async (tx) => {
      for (let n = 0; n < 2; n++) await tx.query(`select realtime.send('{"same": true}', 'changed', 'twice', false)`);
    });
    await stack.db.query(`select realtime.send('{"last": true}', 'changed', 'twice', false)`);
    const got = pokes as unknown as Record<string, unknown>[];
    await until(() => got.some((p) => p.last === true), 'the later broadcast');
    expect(got).toEqual([
      { same: true, id: expect.any(String) },
      { same: true, id: expect.any(String) },
      { last: true, id: expect.any(String) },
    ]);
    expect(new Set(got.map((p) => p.id)).size).toBe(3);
  });
});

describe('a member’s private topic', () => {
  it('pokes the recipient of a message and its sender, each on their own topic', async () => {
    const alicePokes = (await listen(realtimeClient(await tokenOf(alice)), `user:${alice.id}`, true)).pokes;
    const bobPokes = (await listen(realtimeClient(await tokenOf(bob)), `user:${bob.id}`, true)).pokes;
    expect((await message(bob, alice)).error).toBeNull();
    await until(() => alicePokes.length > 0 && bobPokes.length > 0, 'both parties poked');
  });

  it('never reaches another member’s socket: a later poke of their own arrives alone', async () => {
    const carol = await createMember(stack);
    const carolPokes = (await listen(realtimeClient(await tokenOf(carol)), `user:${carol.id}`, true)).pokes;
    expect((await message(bob, alice)).error).toBeNull();
    expect((await message(bob, carol)).error).toBeNull();
    await until(() => carolPokes.length > 0, 'carol poked');
    // The socket delivers in order: had alice's poke reached carol, it would be there first.
    expect(carolPokes).toHaveLength(1);
  });

  it('refuses another member, and a visitor, the join', async () => {
    await expect(listen(realtimeClient(await tokenOf(bob)), `user:${alice.id}`, true)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: user:${alice.id}`,
    );
    await expect(listen(realtimeClient(), `user:${alice.id}`, true)).rejects.toThrow(/Unauthorized/);
  });

  it('refuses a join with an expired token, and a private topic joined as public gets no private poke', async () => {
    await expect(listen(realtimeClient(await tokenOf(alice, -10)), `user:${alice.id}`, true)).rejects.toThrow(
      'Token has expired',
    );
    const asPublic = (await listen(realtimeClient(), `user:${alice.id}`, false)).pokes;
    expect((await message(bob, alice)).error).toBeNull();
    // A public broadcast on the same topic, sent after: pokes reach a socket in the order they were sent.
    await stack.db.query(`select realtime.send('{"public": true}', 'changed', $1, false)`, [`user:${alice.id}`]);
    await until(() => asPublic.length > 0, 'the public broadcast');
    expect(asPublic).toEqual([{ public: true, id: expect.any(String) }]);
  });
});

describe('a token that changes', () => {
  it('closes a private channel once its new token no longer reads the topic, and keeps the public one', async () => {
    const client = realtimeClient(await tokenOf(alice));
    const own = await listen(client, `user:${alice.id}`, true);
    const forum = await listen(client, 'forum', false);
    await client.realtime.setAuth(await tokenOf(bob));
    await until(() => own.channel.state === 'closed', 'the private channel closed');
    expect(forum.channel.state).toBe('joined');
  });
});

describe('the websocket itself', () => {
  const socketUrl = (query: string) => `${stack.url.replace('http', 'ws')}${REALTIME_PATH}?${query}`;
  const refusal = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => reject(new Error('opened')));
      socket.on('error', () => undefined);
    });

  it('refuses a socket without the project’s key (401) or with a protocol version it does not speak (400)', async () => {
    expect(await refusal(socketUrl('vsn=2.0.0'))).toBe(401);
    expect(await refusal(socketUrl('vsn=2.0.0&apikey=not-a-key'))).toBe(401);
    expect(await refusal(socketUrl(`vsn=3.0.0&apikey=${stack.anonKey}`))).toBe(400);
  });

  it('answers a heartbeat, and closes the socket on a malformed frame', async () => {
    const socket = new WebSocket(socketUrl(`vsn=2.0.0&apikey=${stack.anonKey}`));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    const [answer] = (await new Promise((resolve) => socket.once('message', (data) => resolve([String(data)])))) as [
      string,
    ];
    expect(JSON.parse(answer)).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    socket.send('not json');
    const code = await new Promise((resolve) => socket.once('close', resolve));
    expect(code).toBe(1003);
  });
});
