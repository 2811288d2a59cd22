// The realtime websocket holds a bounded number of sockets, all addresses together: an attacker spreading its sockets
// over many addresses (each under the per-address cap) is refused as hosted Realtime refuses a project past its
// concurrent connections, and a socket that closes frees its place.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../../supabase/local/realtime/realtimeServer.ts';
import { startTestStack, type TestStack } from './stack.ts';

const CAP = 6;

let stack: TestStack;
const open: WebSocket[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    seed: false,
    trustProxy: 'loopback',
    realtimeLimits: { sockets: CAP, socketsPerClient: 2 },
  });
});
afterAll(async () => {
  for (const socket of open) socket.terminate();
  await stack?.close();
});

/** A socket from `address`: resolves with it once open, or with the status and body of the refused upgrade. */
function connect(address: string): Promise<{ socket?: WebSocket; status?: number; body?: string }> {
  const url = `${stack.url.replace('http', 'ws')}${REALTIME_PATH}?vsn=2.0.0&apikey=${stack.anonKey}`;
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
    socket.on('open', () => {
      open.push(socket);
      resolve({ socket });
    });
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    socket.on('error', () => undefined);
  });
}

describe('the server-wide socket cap', () => {
  it('refuses the socket past the cap from a new address with 403 ConnectionRateLimitReached, and frees a closed one', async () => {
    // Two sockets from each of three addresses: every address within its own cap of 2, the server at its 6.
    for (const n of [1, 2, 3]) {
      for (let i = 0; i < 2; i++) expect((await connect(`10.7.0.${n}`)).socket).toBeDefined();
    }
    await expect.poll(() => stack.realtime.size).toBe(CAP);
    const refused = await connect('10.7.0.4');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body!)).toEqual({ message: 'ConnectionRateLimitReached: Too many connected users' });
    expect(stack.realtime.size).toBe(CAP);

    // One closes: the next socket, from any address, is let in.
    open.shift()!.close();
    await expect.poll(() => stack.realtime.size).toBe(CAP - 1);
    expect((await connect('10.7.0.5')).socket).toBeDefined();
  });

  it('keeps the per-address cap under it', async () => {
    await expect.poll(() => stack.realtime.size).toBe(CAP);
    open.pop()!.close();
    await expect.poll(() => stack.realtime.size).toBe(CAP - 1);
    // 10.7.0.2 already holds two sockets.
    const refused = await connect('10.7.0.2');
    expect(refused.status).toBe(429);
  });
});
