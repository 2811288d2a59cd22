import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

test("GET /local/v1/config gives the app its URL and the stack's publishable key, which reads as a visitor", async () => {
  const res = await fetch(`${stack.url}/local/v1/config`);
  expect(res.status).toBe(200);
  const config = (await res.json()) as { url: string; anonKey: string };
  expect(config.url).toBe(stack.url);
  expect(config.anonKey).toBe(stack.publishableKey);
  expect(config.anonKey).toMatch(/^sb_publishable_[\w-]{22}_[\w-]{8}$/);
  const headers = { apikey: config.anonKey, authorization: `Bearer ${config.anonKey}` };
  const read = await fetch(`${stack.url}/rest/v1/threads?select=id&limit=1`, { headers });
  expect(read.status).toBe(200);
  expect(await read.json()).toHaveLength(1);
  const write = await fetch(`${stack.url}/rest/v1/threads`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'From a visitor' }),
  });
  expect(write.status).toBe(401);
});

test('an unknown local endpoint is a 404, not a crash', async () => {
  const res = await fetch(`${stack.url}/local/v1/nope`);
  expect(res.status).toBe(404);
});

test('a stack started with the wallet settings hands them to the app; without them the config has none', async () => {
  expect(await (await fetch(`${stack.url}/local/v1/config`)).json()).not.toHaveProperty('wallet');
  const wallet = { chainId: '1500', explorerUrl: 'http://127.0.0.1:4999/', downloadUrl: 'https://example.org/get' };
  const walletStack = await startTestStack({ wallet });
  try {
    const config = (await (await fetch(`${walletStack.url}/local/v1/config`)).json()) as { wallet: unknown };
    expect(config.wallet).toEqual(wallet);
  } finally {
    await walletStack.close();
  }
});

describe('the config in the app’s HTML', () => {
  let staticDir: string;
  let app: TestStack;
  const wallet = { chainId: '1500', downloadUrl: 'https://example.org/</script><script>alert(1)</script>' };
  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'guap-static-'));
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><html><head><title>Forum</title></head><body></body></html>',
    );
    app = await startTestStack({ staticDir, wallet });
  });
  afterAll(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  /** The JSON of the page's config script, as the browser would read it. */
  const embedded = (html: string) => {
    const match = /<script id="backend-config" type="application\/json">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
  };

  test('every route of the app carries what /local/v1/config answers but the URL, which is the page’s origin', async () => {
    const answer = (await (await fetch(`${app.url}/local/v1/config`)).json()) as Record<string, unknown>;
    const { url: _url, ...rest } = answer;
    for (const path of ['/', '/t/some-thread', '/category/guapcoin']) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      expect(embedded(html)).toEqual(rest);
      expect(html.indexOf('backend-config')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  test('a value holding </script> stays inside the script element', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect((embedded(html)?.wallet as { downloadUrl: string }).downloadUrl).toBe(wallet.downloadUrl);
  });

  test('is the same HTML whatever Host the request names, so no request can point the app elsewhere', async () => {
    const own = await (await fetch(`${app.url}/`)).text();
    const port = new URL(app.url).port;
    const other = await new Promise<string>((resolve, reject) => {
      const req = httpGet({ host: '127.0.0.1', port, path: '/', headers: { host: 'evil.example' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
    expect(other).toBe(own);
    expect(other).not.toContain('evil.example');
  });
});
