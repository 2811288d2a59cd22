// Push subscriptions as the database keeps them: an endpoint is an https URL of at most 2 KB on a
// public host name, refused otherwise with a 400 that says why, whoever writes it; a member keeps at most 10, a new
// one replacing the oldest, under parallel requests too; the test push origin is only for a loopback stack.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPushTestOriginFitsHost } from '../../supabase/local/pushTestOrigin.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let member: TestMember;

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const endpointsOf = async (userId: string) =>
  (
    await stack.db.query<{ endpoint: string }>(
      'select endpoint from public.push_subscriptions where user_id = $1 order by created_at, endpoint',
      [userId],
    )
  ).rows.map((r) => r.endpoint);

describe('push endpoints', () => {
  const refused: [string, string][] = [
    ['https://169.254.169.254/latest/meta-data/', 'IP address'],
    ['http://fcm.googleapis.com/fcm/send/x', 'not an https URL'],
    ['file:///etc/passwd', 'not an https URL'],
    ['not a url', 'spaces'],
    [`https://fcm.googleapis.com/${'a'.repeat(100_000)}`, 'longer than 2048 bytes'],
    ['https://localhost/push', 'not a host name with a domain'],
    ['https://127.0.0.1:8443/push', 'IP address'],
    ['https://127.1/push', 'IP address'],
    ['https://0x7f.1/push', 'IP address'],
    ['https://[::1]/push', 'IP address'],
    ['https://printer.local/push', 'private name'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'private name'],
    ['https://api.localhost/push', 'private name'],
    ['https://intranet/push', 'not a host name with a domain'],
    ['https://user:pw@fcm.googleapis.com/x', 'user name or password'],
    ['https://fcm.googleapis.com:abc/x', 'port is not a number'],
    // The scheme in any case but lower: the spellings that once passed every rule.
    ['HTTPS://127.0.0.1:8443/push', 'not an https URL'],
    ['Https://169.254.169.254/latest/meta-data/', 'not an https URL'],
    ['hTTps://fcm.googleapis.com/fcm/send/x', 'not an https URL'],
    ['https://[::1]:8443/push', 'IP address'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/push', 'IP address'],
    ['https://2130706433/push', 'not a host name with a domain'],
    ['https://0x7f000001/push', 'not a host name with a domain'],
    ['https://0177.0.0.1/push', 'IP address'],
    ['https://LOCALHOST/push', 'not a host name with a domain'],
    ['https://Metadata.Google.Internal/computeMetadata/v1/', 'private name'],
    ['https://fcm.googleapis.com\\@127.0.0.1/push', 'backslash'],
    ['https://%31%32%37.0.0.1/push', 'not a host name with a domain'],
  ];

  it.each(refused.map(([endpoint, reason]) => [endpoint.length > 100 ? 'a 100 KB URL' : endpoint, endpoint, reason]))(
    'refuses %s with a 400 that says why, and stores nothing',
    async (_label, endpoint, reason) => {
      const { error, status } = await member.client.from('push_subscriptions').insert({ endpoint, ...KEYS });
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('Push endpoint refused');
      expect(error?.message).toContain(reason);
      expect(await endpointsOf(member.id)).toEqual([]);
    },
  );

  it('accepts the push services browsers use, a port included', async () => {
    const endpoints = [
      fcm(),
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
      `https://push.example.com:8443/${randomUUID()}`,
    ];
    const { error } = await member.client
      .from('push_subscriptions')
      .insert(endpoints.map((e) => ({ endpoint: e, ...KEYS })));
    expect(error).toBeNull();
    expect((await endpointsOf(member.id)).sort()).toEqual(endpoints.sort());
    await stack.db.query('delete from public.push_subscriptions where user_id = $1', [member.id]);
  });

  it('refuses a bad endpoint from the service role and on update too, and keys that are not base64url', async () => {
    const other = await createMember(stack);
    const service = await stack
      .service()
      .from('push_subscriptions')
      .insert({ user_id: other.id, endpoint: 'https://169.254.169.254/', ...KEYS });
    expect(service).toMatchObject({ status: 400, error: { code: '23514' } });
    const good = fcm();
    expect((await other.client.from('push_subscriptions').insert({ endpoint: good, ...KEYS })).error).toBeNull();
    const moved = await other.client
      .from('push_subscriptions')
      .update({ endpoint: 'https://10.0.0.1/push' })
      .eq('endpoint', good);
    expect(moved).toMatchObject({ status: 400, error: { code: '23514' } });
    const badKeys = await other.client
      .from('push_subscriptions')
      .insert({ endpoint: fcm(), p256dh: 'x'.repeat(100_000), auth: KEYS.auth });
    expect(badKeys).toMatchObject({
      status: 400,
      error: { code: '23514', message: expect.stringMatching(/Push keys/) },
    });
    expect(await endpointsOf(other.id)).toEqual([good]);
  });
});

describe('at most 10 subscriptions per member', () => {
  it('replaces the oldest with each new one', async () => {
    const owner = await createMember(stack);
    const endpoints: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const endpoint = fcm();
      endpoints.push(endpoint);
      expect((await owner.client.from('push_subscriptions').insert({ endpoint, ...KEYS })).error).toBeNull();
      await stack.db.query(
        `update public.push_subscriptions set created_at = now() - make_interval(secs => $2) where endpoint = $1`,
        [endpoint, 100 - i],
      );
    }
    expect(await endpointsOf(owner.id)).toEqual(endpoints.slice(2));
  });

  it('keeps 10 of 300 sent in one request', async () => {
    const owner = await createMember(stack);
    const rows = Array.from({ length: 300 }, () => ({ endpoint: fcm(), ...KEYS }));
    expect((await owner.client.from('push_subscriptions').insert(rows)).error).toBeNull();
    expect(await endpointsOf(owner.id)).toHaveLength(10);
  });

  it('keeps 10 of 30 sent in parallel requests', async () => {
    const owner = await createMember(stack);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => owner.client.from('push_subscriptions').insert({ endpoint: fcm(), ...KEYS })),
    );
    expect(results.map((r) => r.error)).toEqual(Array(30).fill(null));
    expect(await endpointsOf(owner.id)).toHaveLength(10);
  });

  it('replaces nothing when the endpoint is already stored (409)', async () => {
    const owner = await createMember(stack);
    const rows = Array.from({ length: 10 }, () => ({ endpoint: fcm(), ...KEYS }));
    expect((await owner.client.from('push_subscriptions').insert(rows)).error).toBeNull();
    const again = await owner.client.from('push_subscriptions').insert(rows[0]!);
    expect(again).toMatchObject({ status: 409, error: { code: '23505' } });
    expect(await endpointsOf(owner.id)).toHaveLength(10);
  });
});

describe('the test push origin', () => {
  it('is refused on a stack that listens beyond this machine, and must itself be on this machine', () => {
    expect(() => assertPushTestOriginFitsHost('https://127.0.0.1:8443', '0.0.0.0')).toThrow(/Refusing to listen/);
    expect(() => assertPushTestOriginFitsHost('https://push.example.com', '127.0.0.1')).toThrow(/on this machine/);
    expect(() => assertPushTestOriginFitsHost('http://127.0.0.1:8443', '127.0.0.1')).toThrow(/on this machine/);
    expect(() => assertPushTestOriginFitsHost('https://127.0.0.1:8443', '127.0.0.1')).not.toThrow();
    expect(() => assertPushTestOriginFitsHost(undefined, '0.0.0.0')).not.toThrow();
  });

  it('lets endpoints name it only on a stack started with it', async () => {
    const origin = 'https://127.0.0.1:8443';
    const plain = await member.client.from('push_subscriptions').insert({ endpoint: `${origin}/push/a`, ...KEYS });
    expect(plain).toMatchObject({ status: 400, error: { code: '23514' } });
    const testing = await startTestStack({ seed: false, pushTestOrigin: origin });
    try {
      const owner = await createMember(testing);
      const allowed = await owner.client.from('push_subscriptions').insert({ endpoint: `${origin}/push/a`, ...KEYS });
      expect(allowed.error).toBeNull();
      // Another port, or a name that merely starts with the origin, is still refused.
      const others = [`https://127.0.0.1:8444/push/b`, `${origin}.evil.example/push`, `HTTPS://127.0.0.1:8444/push/c`];
      for (const endpoint of others) {
        const other = await owner.client.from('push_subscriptions').insert({ endpoint, ...KEYS });
        expect(other).toMatchObject({ status: 400, error: { code: '23514' } });
      }
    } finally {
      await testing.close();
    }
  });
});
