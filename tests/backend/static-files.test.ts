// The built app as the local stack serves it: compressed as the browser accepts, cached for a year when hashed,
// revalidated otherwise, and nothing outside the app's folder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withEmbeddedConfig } from '../../supabase/local/web/embeddedConfig.ts';
import { embeddedConfigOf } from '../../supabase/local/local.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { rawRequest } from './support/rawRequest.ts';

let stack: TestStack;
let parent: string;

/** A request with exactly these headers and this path, unlike fetch, which adds its own and tidies the path. */
const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(stack.url, path, headers, method);

const SCRIPT = Buffer.from('export const rows = [' + '{"title":"GUAPX price discussion"},'.repeat(2_000) + '];\n');
const INDEX = Buffer.from(`<!doctype html><title>GuapCoin Forum</title>${'<meta name="x" content="y">'.repeat(100)}`);
const PICTURE = Buffer.from(Array.from({ length: 4_096 }, (_, i) => (i * 7919) % 256));
const SECRET = 'not part of the app';
/** index.html as served: the built file with the stack's config written in (embeddedConfig.ts). */
let SERVED_INDEX: Buffer;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'guap-static-files-'));
  const root = join(parent, 'dist');
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'icons'));
  await writeFile(join(root, 'index.html'), INDEX);
  await writeFile(join(root, 'assets', 'index-3f9a1c.js'), SCRIPT);
  await writeFile(join(root, 'sw.js'), SCRIPT);
  await writeFile(join(root, 'manifest.webmanifest'), JSON.stringify({ name: 'GuapCoin Forum '.repeat(50) }));
  await writeFile(join(root, 'icons', 'icon-192.png'), PICTURE);
  await writeFile(join(parent, 'secret.txt'), SECRET);
  stack = await startTestStack({ migrations: false, staticDir: root });
  SERVED_INDEX = Buffer.from(withEmbeddedConfig(INDEX.toString(), embeddedConfigOf(stack.ctx)));
});
afterAll(async () => {
  await stack.close();
  await rm(parent, { recursive: true, force: true });
});

describe('compression', () => {
  test('brotli when the browser accepts it, decoding to the same bytes, smaller', async () => {
    const res = await raw('/assets/index-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });

  test.each([
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.5', 'gzip'],
    ['*', 'br'],
  ])('Accept-Encoding "%s" gets %s, decoding to the same bytes', async (accept, encoding) => {
    const res = await raw('/', { 'accept-encoding': accept });
    expect(res.headers['content-encoding']).toBe(encoding);
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    expect(decode(res.body).equals(SERVED_INDEX)).toBe(true);
  });

  test.each([[''], ['identity'], ['br;q=0, gzip;q=0'], ['deflate']])(
    'Accept-Encoding "%s" gets the bytes as they are, still marked as varying',
    async (accept) => {
      const res = await raw('/index.html', accept ? { 'accept-encoding': accept } : {});
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.equals(SERVED_INDEX)).toBe(true);
    },
  );

  test('an image, compressed already, is sent as it is', async () => {
    const res = await raw('/icons/icon-192.png', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.equals(PICTURE)).toBe(true);
  });

  test('HEAD answers the headers of GET, without a body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const [get, head] = await Promise.all([raw('/sw.js', headers), raw('/sw.js', headers, 'HEAD')]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary', 'cache-control']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });
});

describe('caching', () => {
  test('hashed build assets are cached for a year', async () => {
    const res = await raw('/assets/index-3f9a1c.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test.each([['/'], ['/index.html'], ['/sw.js'], ['/manifest.webmanifest'], ['/t/some-thread']])(
    '%s is revalidated on every load, so a new version is seen at once',
    async (path) => {
      const res = await raw(path, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^".+"$/);
    },
  );

  test('a client-side route gets index.html, with the backend config written in', async () => {
    const res = await raw('/category/guapcoin');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain(`"anonKey":"${stack.publishableKey}"`);
    expect(res.body.equals(SERVED_INDEX)).toBe(true);
  });

  test('If-None-Match with the current tag answers 304 with no body; another encoding’s tag gets the file', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await raw('/', { 'accept-encoding': accept });
      const again = await raw('/', { 'accept-encoding': accept, 'if-none-match': String(first.headers.etag) });
      expect(again.status, accept).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const brTag = String((await raw('/', { 'accept-encoding': 'br' })).headers.etag);
    const asGzip = await raw('/', { 'accept-encoding': 'gzip', 'if-none-match': `W/${brTag}, "other"` });
    expect(asGzip.status).toBe(200);
    expect(gunzipSync(asGzip.body).equals(SERVED_INDEX)).toBe(true);
  });

  test('a rebuilt file is served new, and its old tag no longer matches', async () => {
    const path = join(parent, 'dist', 'manifest.webmanifest');
    const before = await raw('/manifest.webmanifest', { 'accept-encoding': 'br' });
    const rebuilt = JSON.stringify({ name: 'GuapCoin Forum, rebuilt '.repeat(60) });
    await writeFile(path, rebuilt);
    const after = await raw('/manifest.webmanifest', {
      'accept-encoding': 'br',
      'if-none-match': String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(after.body).toString()).toBe(rebuilt);
  });
});

describe('the app folder only', () => {
  test.each([
    ['/../secret.txt'],
    ['/%2e%2e/secret.txt'],
    ['/..%2fsecret.txt'],
    ['/assets/..%2f..%2fsecret.txt'],
    ['/assets/%2e%2e%5c..%5csecret.txt'],
  ])('%s is refused', async (path) => {
    const res = await raw(path, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain(SECRET);
  });

  test('a path that is not valid percent-encoding is a 400', async () => {
    const res = await raw('/%E0%A4%A');
    expect(res.status).toBe(400);
  });
});
