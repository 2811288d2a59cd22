// Bad input to /auth/v1 and /storage/v1, and oversized bodies: a 4xx in each service's own error shape, a 500 that
// says 500, and a keep-alive connection that still serves the next request after a 413, or one that closes cleanly.
import { request, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ seed: true });
});
afterAll(() => stack.close());

const headers = () => ({ apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` });

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.url}${path}`, { ...init, headers: { ...headers(), ...init.headers } });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
}

const signup = (body: unknown) =>
  call('/auth/v1/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('auth', () => {
  test('a NUL byte in a sign-up email is 400 validation_failed, and creates no user', async () => {
    const { status, body } = await signup({ email: 'nul\u0000byte@example.test', password: 'correct-horse-7' });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    });
    const { rows } = await stack.db.query("select 1 from auth.users where email like 'nul%'");
    expect(rows).toHaveLength(0);
  });

  test('a NUL byte in a sign-up field the database refuses is a 4xx in GoTrue shape, never a 500', async () => {
    const { status, body } = await signup({
      email: 'nulmeta@example.test',
      password: 'correct-horse-7',
      data: { username: 'nul\u0000name' },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body).toMatchObject({ code: status, error_code: 'validation_failed' });
  });

  test('a NUL byte in a sign-in email or password is 400, not a server error', async () => {
    const { status, body } = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@guapcoin.local\u0000', password: 'x\u0000y' }),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    expect(body.msg).toMatch(/^Invalid input: .*0x00/);
  });
});

describe('storage', () => {
  test('a NUL byte in a bucket id is 400 InvalidBucketName', async () => {
    const { status, body } = await call('/storage/v1/bucket/%00');
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: '400', error: 'Invalid Input', message: 'Bucket name invalid' });
  });

  test('a NUL byte in an object key or a listed prefix is 400', async () => {
    const read = await call('/storage/v1/object/public/avatars/a%00b.png');
    expect(read.status).toBe(400);
    expect(read.body).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    const list = await call('/storage/v1/object/list/avatars', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'a\u0000b' }),
    });
    expect(list.status).toBe(400);
    expect(list.body).toMatchObject({ statusCode: '400' });
  });
});

describe('a failure of the server itself says 500, in the service own shape', () => {
  let broken: TestStack;
  beforeAll(async () => {
    broken = await startTestStack({ seed: true });
    // What a broken deployment looks like from outside: the tables the services read are gone.
    await broken.db.exec('drop table storage.objects cascade; drop table storage.buckets cascade;');
    await broken.db.exec('drop table auth.identities cascade;');
  });
  afterAll(() => broken.close());

  const brokenCall = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${broken.url}${path}`, {
      ...init,
      headers: { apikey: broken.anonKey, Authorization: `Bearer ${broken.anonKey}`, ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('auth', async () => {
    const { status, body } = await brokenCall('/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'broken@example.test', password: 'correct-horse-7' }),
    });
    expect(status).toBe(500);
    expect(body).toEqual({ code: 500, error_code: 'unexpected_failure', msg: 'Internal Server Error' });
  });

  test('storage', async () => {
    const { status, body } = await brokenCall('/storage/v1/bucket/avatars');
    expect(status).toBe(500);
    expect(body).toEqual({ statusCode: '500', error: 'internal', message: 'Internal Server Error' });
  });
});

describe('oversized bodies', () => {
  test('are 413 in each service shape', async () => {
    const big = 'x'.repeat(200 * 1024);
    const auth = await call('/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.test', password: big }),
    });
    expect(auth.status).toBe(413);
    expect(auth.body).toMatchObject({ code: 413, error_code: 'request_too_large' });
    const rest = await call('/rest/v1/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(rest.status).toBe(413);
    expect(rest.body).toMatchObject({ code: 'PGRST413' });
  });

  test('leave the keep-alive connection usable for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; text: string; socket: unknown }>((resolve, reject) => {
        const req = request(
          `${stack.url}${path}`,
          { method, agent, headers: { ...headers(), 'content-type': 'application/json' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), socket: req.socket }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const tooLarge = await send('POST', '/auth/v1/signup', Buffer.alloc(300 * 1024, 'a'));
      expect(tooLarge.status).toBe(413);
      const next = await send('GET', '/auth/v1/health');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(tooLarge.socket);
      const again = await send('POST', '/rest/v1/posts', Buffer.alloc(3 * 1024 * 1024, 'b'));
      expect(again.status).toBe(413);
      expect((await send('GET', '/auth/v1/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  // A 413 that broke: one 30 MB POST in ten met EPIPE, the socket closed under the body still sent.
  test('ten 30 MB POSTs on fresh connections all read their 413, and no write breaks', async () => {
    const body = Buffer.alloc(30 * 1024 * 1024, 'c');
    const post = (path: string) =>
      new Promise<{ status: number; json: unknown; errors: string[] }>((resolve) => {
        const errors: string[] = [];
        let answer: { status: number; json: unknown } | undefined;
        const req = request(`${stack.url}${path}`, {
          method: 'POST',
          agent: false,
          headers: { ...headers(), 'content-type': 'application/json', 'content-length': String(body.length) },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            answer = { status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as unknown };
          });
          res.on('error', (e) => errors.push(e.message));
        });
        req.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
        // Settled only once the connection is gone, so an error after the answer is seen too.
        req.on('close', () => resolve({ status: answer?.status ?? 0, json: answer?.json, errors }));
        req.end(body);
      });
    const paths = ['/rest/v1/posts', '/auth/v1/signup', '/functions/v1/send-notifications'];
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await post(paths[i % paths.length]!));
    expect(results.map((r) => ({ status: r.status, errors: r.errors }))).toEqual(
      Array.from({ length: 10 }, () => ({ status: 413, errors: [] })),
    );
    expect(results[0]!.json).toMatchObject({ code: 'PGRST413' });
    expect(results[1]!.json).toMatchObject({ code: 413, error_code: 'request_too_large' });
  });
});
