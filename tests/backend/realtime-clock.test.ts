// The realtime websocket's timeouts, driven by a clock the test moves: a socket silent for a minute is closed, one
// that keeps sending is kept, a private channel closes when its token expires and cannot be joined again on it, and
// a refused rejoin closes the channel it would have replaced, all without real waiting.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../supabase/local/clock.ts';
import { signAccessToken } from '../../supabase/local/jwt.ts';
import { REALTIME_PATH } from '../../supabase/local/realtime/realtimeServer.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The system's time plus an offset the test adds to, so tokens (signed on real time) and the server agree; repeating
 * timers run only when the test moves the time past them, each at its own moment.
 */
class MovedClock implements Clock {
  private offset = 0;
  private timers: { ms: number; next: number; run: () => void }[] = [];
  now = () => Date.now() + this.offset;
  /** How far ahead of the system's time this clock is, in whole seconds. */
  aheadS = () => Math.ceil(this.offset / 1000);
  every(ms: number, run: () => void) {
    const timer = { ms, next: this.now() + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
  advance(ms: number) {
    const target = this.now() + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.next <= target).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.offset = due.next - Date.now();
      due.next += due.ms;
      due.run();
    }
    this.offset = target - Date.now();
  }
}

const clock = new MovedClock();
let stack: TestStack;
let alice: TestMember;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  stack = await startTestStack({ seed: false, realtimeClock: clock });
  alice = await createMember(stack);
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await stack?.close();
});

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A vsn 2.0.0 socket that keeps every frame it gets, with a wait for the first frame after a mark that fits. */
async function openSocket() {
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}${REALTIME_PATH}?vsn=2.0.0&apikey=${stack.anonKey}`);
  sockets.push(socket);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('close', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  let ref = 0;
  async function frame(fits: (f: Frame) => boolean, what: string): Promise<Frame> {
    for (;;) {
      const found = frames.find(fits);
      if (found) return found;
      if (socket.readyState !== WebSocket.OPEN) throw new Error(`the socket closed before ${what}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  /** Sends a message and resolves with the server's reply to it. */
  async function ask(
    topic: string,
    event: string,
    payload: Record<string, unknown> = {},
    joinRef: string | null = null,
  ) {
    ref += 1;
    const mine = String(ref);
    socket.send(JSON.stringify([joinRef, mine, topic, event, payload]));
    const [, , , , answer] = await frame((f) => f[1] === mine && f[3] === 'phx_reply', `the reply to ${event}`);
    return answer;
  }
  const join = (topic: string, payload: Record<string, unknown>) =>
    ask(`realtime:${topic}`, 'phx_join', payload, String(ref + 1));
  const heartbeat = () => ask('phoenix', 'heartbeat');
  return { socket, frames, frame, join, heartbeat, closed };
}

/** Sends a broadcast on `topic` from the database, as a write's poke does. */
const broadcast = (topic: string, payload: object, isPrivate: boolean) =>
  stack.db.query(`select realtime.send($1::jsonb, 'changed', $2, $3)`, [JSON.stringify(payload), topic, isPrivate]);

/** A broadcast of `payload`, with the id realtime.send gives each one. */
const carries = (payload: object) => (f: Frame) => {
  if (f[3] !== 'broadcast') return false;
  const { id, ...sent } = f[4].payload as Record<string, unknown>;
  return typeof id === 'string' && JSON.stringify(sent) === JSON.stringify(payload);
};

describe('a silent socket', () => {
  it('is closed once it has sent nothing for a minute, while one that sends its heartbeats stays open', async () => {
    const silent = await openSocket();
    const chatty = await openSocket();
    expect(await silent.join('forum', { config: { private: false } })).toMatchObject({ status: 'ok' });
    expect(await chatty.join('forum', { config: { private: false } })).toMatchObject({ status: 'ok' });

    clock.advance(45_000);
    // Still open at 45 s: a broadcast sent after the sweeps reaches it.
    await broadcast('forum', { at: 45 }, false);
    await silent.frame(carries({ at: 45 }), 'the broadcast at 45 s');
    expect(await chatty.heartbeat()).toEqual({ status: 'ok', response: {} });

    clock.advance(30_000);
    // 75 s of silence: closed. The other socket spoke at 45 s, 30 s ago: kept.
    await silent.closed;
    expect(await chatty.heartbeat()).toEqual({ status: 'ok', response: {} });
    await broadcast('forum', { at: 75 }, false);
    await chatty.frame(carries({ at: 75 }), 'the broadcast at 75 s');
  });
});

describe('a token that expires', () => {
  it('closes the private channel at its expiry and keeps the public one, the socket open', async () => {
    // 40 s by the server's clock, which earlier tests moved ahead of the system's.
    const claims = { sub: alice.id, role: 'authenticated', aud: 'authenticated' };
    const token = await signAccessToken(stack.ctx.keys, claims, clock.aheadS() + 40);
    const client = await openSocket();
    const own = `user:${alice.id}`;
    expect(await client.join(own, { config: { private: true }, access_token: token })).toMatchObject({
      status: 'ok',
    });
    expect(await client.join('forum', { config: { private: false } })).toMatchObject({ status: 'ok' });

    clock.advance(30_000);
    // Before its expiry the channel still reads the topic: a poke sent after the sweeps arrives on it.
    await broadcast(own, { at: 30 }, true);
    await client.frame(carries({ at: 30 }), 'the private poke at 30 s');
    expect(client.frames.some((f) => f[3] === 'phx_close')).toBe(false);
    expect(await client.heartbeat()).toEqual({ status: 'ok', response: {} });

    clock.advance(15_000);
    const [, , topic] = await client.frame((f) => f[3] === 'phx_close', 'the private channel closed');
    expect(topic).toBe(`realtime:${own}`);
    await broadcast(own, { at: 45 }, true);
    await broadcast('forum', { at: 45 }, false);
    await client.frame(carries({ at: 45 }), 'the public broadcast at 45 s');
    // Pokes reach a socket in the order they were sent: the private one, had it been delivered, came first.
    expect(client.frames.filter(carries({ at: 45 }))).toHaveLength(1);
    expect(client.frames.find(carries({ at: 45 }))?.[2]).toBe('realtime:forum');
  });
});

/** A member's claims who is not Alice. */
const otherClaims = () => ({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' });

/** Alice's access token, expiring `seconds` after now by the server's clock. */
const aliceToken = (seconds: number) =>
  signAccessToken(
    stack.ctx.keys,
    { sub: alice.id, role: 'authenticated', aud: 'authenticated' },
    clock.aheadS() + seconds,
  );

describe('a rejoin', () => {
  it('without a token is checked against the socket’s token as of now: once it expired, the join is refused', async () => {
    const client = await openSocket();
    const own = `user:${alice.id}`;
    expect(await client.join(own, { config: { private: true }, access_token: await aliceToken(40) })).toMatchObject({
      status: 'ok',
    });
    clock.advance(45_000);
    await client.frame((f) => f[3] === 'phx_close', 'the private channel closed at its expiry');

    expect(await client.join(own, { config: { private: true } })).toEqual({
      status: 'error',
      response: { reason: 'Token has expired' },
    });
    // A public join carrying a good key still works; the private poke sent before its broadcast never arrives.
    expect(await client.join('forum', { config: { private: false }, access_token: stack.anonKey })).toMatchObject({
      status: 'ok',
    });
    await broadcast(own, { rejoined: 'expired' }, true);
    await broadcast('forum', { rejoined: 'expired' }, false);
    await client.frame(carries({ rejoined: 'expired' }), 'the public broadcast');
    expect(client.frames.filter(carries({ rejoined: 'expired' })).map((f) => f[2])).toEqual(['realtime:forum']);
  });

  it.each([
    ['another member’s token', 'Unauthorized', () => signAccessToken(stack.ctx.keys, otherClaims(), 3600)],
    ['an expired token', 'Token has expired', () => aliceToken(-10)],
    ['a token that is not one', 'Invalid token', () => Promise.resolve('not-a-jwt')],
  ])('refused for %s closes the channel it would replace', async (_label, reason, tokenFor) => {
    const client = await openSocket();
    const own = `user:${alice.id}`;
    const topic = `realtime:${own}`;
    expect(await client.join(own, { config: { private: true }, access_token: await aliceToken(3600) })).toMatchObject({
      status: 'ok',
    });
    const firstJoin = client.frames.find((f) => f[2] === topic && f[3] === 'phx_reply')![0];
    expect(await client.join('forum', { config: { private: false } })).toMatchObject({ status: 'ok' });

    const refused = await client.join(own, { config: { private: true }, access_token: await tokenFor() });
    expect(refused).toMatchObject({ status: 'error', response: { reason: expect.stringContaining(reason) } });
    const [closedRef, , closedTopic] = await client.frame((f) => f[3] === 'phx_close', 'the old channel closed');
    expect([closedRef, closedTopic]).toEqual([firstJoin, topic]);
    await broadcast(own, { after: reason }, true);
    await broadcast('forum', { after: reason }, false);
    await client.frame(carries({ after: reason }), 'the public broadcast');
    expect(client.frames.filter(carries({ after: reason })).map((f) => f[2])).toEqual(['realtime:forum']);
  });
});
