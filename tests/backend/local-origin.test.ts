// /local/* answers only its own origin and sends no CORS headers; the API keeps hosted's open CORS.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError } from '../../supabase/local/http.ts';
import { handleLocal } from '../../supabase/local/local.ts';
import { sendMail } from '../../supabase/local/mail.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrations: false });
  await sendMail(stack.db, { to: 'victim@example.test', subject: 'Reset', text: 'link', links: ['http://x.test/'] });
});
afterAll(() => stack.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.url}${path}`, { headers });

describe('the local endpoints', () => {
  test.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another port of this host)', { 'sec-fetch-site': 'same-site' }],
    ['a sandboxed page (Origin: null)', { origin: 'null' }],
  ])('refuse %s with 403 and no CORS header', async (_what, headers) => {
    for (const path of ['/local/v1/mail?to=victim@example.test', '/local/mail', '/local/v1/config']) {
      const res = await get(path, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const text = await res.text();
      expect(text).not.toContain('victim@example.test');
      expect(text).toContain('only pages of their own origin');
    }
  });

  test.each([
    ['its own page (Sec-Fetch-Site: same-origin)', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['a typed address (Sec-Fetch-Site: none)', () => ({ 'sec-fetch-site': 'none' })],
    ['an Origin of its own', () => ({ origin: stack.url })],
    ['no browser headers (curl, a test)', () => ({})],
  ])('answer %s, still with no CORS header', async (_what, headers: () => Record<string, string>) => {
    const res = await get('/local/v1/mail?to=victim@example.test', headers());
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toHaveLength(1);
  });

  test('a preflight to the mailbox gets no CORS headers, so a browser sends nothing', async () => {
    const res = await fetch(`${stack.url}/local/v1/mail`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  test('the mailbox refuses a host name that is not loopback (DNS rebinding), on a loopback HOST', async () => {
    const port = new URL(stack.url).port;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/local/v1/mail', headers: { host: `rebound.example:${port}` } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('victim@example.test');
  });

  test('a stack on a non-loopback HOST without EXPOSE_MAILBOX serves no mailbox, but still the config', async () => {
    const ctx = { ...stack.ctx, mailbox: 'off' as const };
    const base = { headers: {}, remoteAddress: '10.0.0.2', body: Buffer.alloc(0), method: 'GET' };
    for (const path of ['/v1/mail', '/mail']) {
      const refused = await handleLocal({ ...base, path, url: new URL(`${stack.url}/local${path}`) }, ctx).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).status).toBe(404);
      expect((refused as ApiError).message).toContain('EXPOSE_MAILBOX=true');
    }
    const config = await handleLocal(
      { ...base, path: '/v1/config', url: new URL(`${stack.url}/local/v1/config`) },
      ctx,
    );
    expect(config.status).toBe(200);
  });
});

describe('the API', () => {
  test.each(['/rest/v1/', '/auth/v1/settings', '/storage/v1/bucket'])(
    '%s keeps open CORS, as hosted: it authenticates by bearer token, never by cookie',
    async (path) => {
      const preflight = await fetch(`${stack.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const res = await get(path, { origin: 'https://other.example', apikey: stack.anonKey });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    },
  );
});
