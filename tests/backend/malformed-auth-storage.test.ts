// Random malformed requests to /auth/v1 and /storage/v1 (NUL bytes, deep nesting, huge values, broken JSON and
// paths): each gets a 4xx whose body is in the service's own error shape and tells the same status, never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let memberToken: string;
beforeAll(async () => {
  stack = await startTestStack({ seed: true });
  const member = await stack.newMember();
  memberToken = (await member.client.auth.getSession()).data.session!.access_token;
});
afterAll(() => stack.close());

const nested = (depth: number, open: string, close: string, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Strings a parser or the database could choke on. */
const nasty = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b@example.test', '\uD800', '%00', '../..', '\\', "'; drop table x; --"),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1, max: 120 }).map((k) => 'x'.repeat(k * 1000)),
  fc.constantFrom('admin@guapcoin.local', 'member@guapcoin.local', 'new@example.test', 'correct-horse-7'),
  // A NUL somewhere inside a value that is otherwise fine, so it gets past the format checks to the database.
  fc
    .tuple(fc.constantFrom('new@example.test', 'member@guapcoin.local', 'correct-horse-7', 'a/b.png'), fc.nat(30))
    .map(([v, i]) => `${v.slice(0, i % v.length)}\u0000${v.slice(i % v.length)}`),
);

/** Percent-encodes any string; a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD. */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** JSON texts of values: the nasty strings, numbers, deep arrays and objects. */
const value: fc.Arbitrary<string> = fc.oneof(
  nasty.map((v) => JSON.stringify(v)),
  fc.constantFrom('null', 'true', '0', '-1', '1e308', '1e999', '9007199254740993', '"\\u0000"', '"\\ud800"'),
  fc.integer({ min: 1, max: 5000 }).map((d) => nested(d, '[', ']', '1')),
  fc.integer({ min: 1, max: 2000 }).map((d) => nested(d, '{"a":', '}', '"\\u0000"')),
  fc.array(nasty, { maxLength: 3 }).map((v) => JSON.stringify(v)),
);

const AUTH_FIELDS = [
  'email',
  'password',
  'data',
  'refresh_token',
  'token',
  'token_hash',
  'type',
  'code_challenge',
  'code_challenge_method',
  'auth_code',
  'code_verifier',
];
const STORAGE_FIELDS = ['prefix', 'prefixes', 'limit', 'offset', 'search', 'sortBy'];

/** JSON of random fields. */
const bodyOf = (fields: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...fields), value), { minLength: 1, maxLength: 4 })
    .map((pairs) => `{${pairs.map(([k, v]) => `"${k}":${v}`).join(',')}}`);

/** A body: JSON of random fields, or raw bytes that are not JSON, or JSON nested past any parser's stack. */
const body = (fields: string[]) =>
  fc.oneof(
    { arbitrary: bodyOf(fields), weight: 5 },
    fc.constantFrom('{', '\u0000', '{"email":"\u0000"', 'null', '[]', '"x"'),
    fc.integer({ min: 1000, max: 20000 }).map((d) => nested(d, '[', ']', '')),
  );

/** A path segment: percent-encoded NUL, broken escapes, dot segments, huge names. */
const segment = fc.oneof(
  fc.constantFrom(
    'avatars',
    'media',
    '%00',
    'a%00b',
    '%',
    '%zz',
    '..',
    '.',
    '%2e%2e',
    'a%2Fb',
    '%C0%AF',
    '%FF',
    '%ED%A0%80',
  ),
  fc.integer({ min: 1, max: 6 }).map((k) => 'b'.repeat(k * 500)),
  fc.string({ maxLength: 20 }).map(encode),
);

async function send(method: string, path: string, payload: string | undefined, token: string) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'GET' || method === 'HEAD' ? undefined : payload,
  });
  const text = await res.text();
  return { status: res.status, text };
}

function expectTrueError(what: string, status: number, text: string, shape: (b: Record<string, unknown>) => void) {
  expect(status, what).toBeLessThan(500);
  // 431: Node's parser refused a request line past its 16 KB before any service saw it; it sends no body.
  if (status < 400 || status === 431) return;
  const parsed = JSON.parse(text) as Record<string, unknown>;
  shape(parsed);
}

describe('malformed requests never get a 5xx', () => {
  test('auth', async () => {
    const route = fc.constantFrom(
      ['POST', '/auth/v1/signup'],
      ['POST', '/auth/v1/token?grant_type=password'],
      ['POST', '/auth/v1/token?grant_type=refresh_token'],
      ['POST', '/auth/v1/token?grant_type=pkce'],
      ['POST', '/auth/v1/recover'],
      ['POST', '/auth/v1/otp'],
      ['POST', '/auth/v1/resend'],
      ['POST', '/auth/v1/verify'],
      ['PUT', '/auth/v1/user'],
      ['GET', '/auth/v1/user'],
      ['POST', '/auth/v1/logout'],
    );
    const query = fc.oneof(
      fc.constant(''),
      fc
        .tuple(fc.constantFrom('redirect_to', 'token', 'type', 'scope'), nasty)
        .map(([k, v]) => `${k}=${encode(v.slice(0, 4000))}`),
    );
    const token = fc.constantFrom('anon', 'member', '\u0000', 'a.b.c');
    await fc.assert(
      fc.asyncProperty(route, query, body(AUTH_FIELDS), token, async ([method, path], q, payload, who) => {
        const sep = path.includes('?') ? '&' : '?';
        const url = q ? `${path}${sep}${q}` : path;
        const bearer = who === 'anon' ? stack.anonKey : who === 'member' ? memberToken : encode(who);
        const { status, text } = await send(method, url, payload, bearer);
        expectTrueError(`${method} ${url} ${payload.slice(0, 200)}`, status, text, (b) => {
          expect(b.code).toBe(status);
          expect(typeof b.error_code).toBe('string');
          expect(typeof b.msg).toBe('string');
        });
      }),
      { numRuns: 300 },
    );
  });

  test('auth: verify links with broken parameters', async () => {
    await fc.assert(
      fc.asyncProperty(nasty, nasty, async (tokenValue, type) => {
        const url = `/auth/v1/verify?token=${encode(tokenValue.slice(0, 4000))}&type=${encode(type.slice(0, 200))}`;
        const res = await fetch(`${stack.url}${url}`, { headers: { apikey: stack.anonKey }, redirect: 'manual' });
        await res.arrayBuffer();
        expect(res.status, url).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  test('storage', async () => {
    const route = fc.constantFrom<[string, (b: string, k: string) => string][]>(
      ['GET', (b: string) => `/storage/v1/bucket/${b}`],
      ['POST', (b: string) => `/storage/v1/object/list/${b}`],
      ['GET', (b: string, k: string) => `/storage/v1/object/public/${b}/${k}`],
      ['GET', (b: string, k: string) => `/storage/v1/object/authenticated/${b}/${k}`],
      ['GET', (b: string, k: string) => `/storage/v1/object/${b}/${k}`],
      ['POST', (b: string, k: string) => `/storage/v1/object/${b}/${k}`],
      ['PUT', (b: string, k: string) => `/storage/v1/object/${b}/${k}`],
      ['DELETE', (b: string, k: string) => `/storage/v1/object/${b}/${k}`],
      ['DELETE', (b: string) => `/storage/v1/object/${b}`],
    );
    const key = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
    await fc.assert(
      fc.asyncProperty(
        route,
        segment,
        key,
        body(STORAGE_FIELDS),
        fc.boolean(),
        async ([method, path], b, k, payload, member) => {
          const url = path(b, k);
          const { status, text } = await send(method, url, payload, member ? memberToken : stack.anonKey);
          // Dot segments can climb out of /storage/v1 as fetch resolves them; what answers there is not storage.
          if (!new URL(url, stack.url).pathname.startsWith('/storage/v1/')) {
            expect(status).toBeLessThan(500);
            return;
          }
          expectTrueError(`${method} ${url.slice(0, 300)} ${payload.slice(0, 200)}`, status, text, (parsed) => {
            // Storage answers an RLS refusal as HTTP 400 with statusCode "403" (PROTOCOL.md); otherwise they agree.
            expect([String(status), '403']).toContain(parsed.statusCode);
            expect(typeof parsed.error).toBe('string');
            expect(typeof parsed.message).toBe('string');
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
