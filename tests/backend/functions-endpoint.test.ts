// /functions/v1 as hosted serves it: supabase-js functions.invoke reaches a function of supabase/functions with a
// valid JWT only; the sender runs for the service role alone. And the local mail API the sender writes to takes
// the service key alone, from no other origin's page. And /local/v1/config gives the app the VAPID public key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let member: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

async function statusOf(result: { error: unknown }): Promise<{ status: number; body: unknown }> {
  if (!(result.error instanceof FunctionsHttpError)) throw new Error(`Expected an HTTP error: ${String(result.error)}`);
  const response = result.error.context as Response;
  return { status: response.status, body: await response.json() };
}

describe('/functions/v1', () => {
  it('runs the sender for the service role through supabase-js functions.invoke', async () => {
    const { data, error } = await stack.service().functions.invoke('send-notifications', { body: {} });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: 0, retried: 0, failed: 0, unrecorded: 0 });
  });

  it('refuses the sender to a member and to a visitor (403), and a call without a valid JWT (401)', async () => {
    expect(await statusOf(await member.client.functions.invoke('send-notifications', { body: {} }))).toEqual({
      status: 403,
      body: { error: 'Only the service role may run the notification sender' },
    });
    expect((await statusOf(await stack.anon().functions.invoke('send-notifications', { body: {} }))).status).toBe(403);
    const forged = await fetch(`${stack.url}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect([forged.status, await forged.json()]).toEqual([401, { code: 401, message: 'Invalid JWT' }]);
    const bare = await fetch(`${stack.url}/functions/v1/send-notifications`, { method: 'POST' });
    expect(bare.status).toBe(401);
  });

  it('answers 404 for a function that does not exist, shared code included', async () => {
    for (const name of ['no-such-function', '_shared', '..%2Flocal']) {
      const response = await fetch(`${stack.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.serviceKey}` },
      });
      expect([name, response.status]).toEqual([name, 404]);
    }
  });

  it('answers a browser’s preflight as hosted does, so the app may invoke functions', async () => {
    const response = await fetch(`${stack.url}/functions/v1/send-notifications`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-headers': 'authorization, x-client-info' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-client-info/);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await fetch(`${stack.url}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.serviceKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
  });
});

describe('/local/v1/emails, the mail API the sender uses', () => {
  const mail = {
    from: 'Forum <n@guapcoin.local>',
    to: 'someone@example.test',
    subject: 'Hi',
    text: 'Go to http://x.test/a',
  };
  const post = (headers: Record<string, string>, body: unknown = mail) =>
    fetch(`${stack.url}/local/v1/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const mailboxOf = async (to: string) =>
    (await (await fetch(`${stack.url}/local/v1/mail?to=${encodeURIComponent(to)}`)).json()) as unknown[];

  it('takes a mail with the service key into the local mailbox', async () => {
    const response = await post({ authorization: `Bearer ${stack.serviceKey}` });
    expect(response.status).toBe(200);
    expect(await mailboxOf('someone@example.test')).toEqual([
      expect.objectContaining({ subject: 'Hi', text: 'Go to http://x.test/a', links: ['http://x.test/a'] }),
    ]);
  });

  it('refuses any other key, a bad mail and another origin’s page, and stores nothing', async () => {
    const refused = { ...mail, to: 'refused@example.test' };
    expect((await post({}, refused)).status).toBe(401);
    expect((await post({ authorization: `Bearer ${stack.anonKey}` }, refused)).status).toBe(403);
    const bad = await post({ authorization: `Bearer ${stack.serviceKey}` }, { ...refused, subject: '' });
    expect([bad.status, ((await bad.json()) as { name: string }).name]).toEqual([422, 'validation_error']);
    const crossSite = await post(
      { authorization: `Bearer ${stack.serviceKey}`, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      refused,
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
    expect(await mailboxOf('refused@example.test')).toEqual([]);
  });
});

describe('/local/v1/config', () => {
  it('gives the app the VAPID public key to subscribe with, and never the private key', async () => {
    const config = (await (await fetch(`${stack.url}/local/v1/config`)).json()) as Record<string, unknown>;
    expect(config.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(JSON.stringify(config)).not.toMatch(/privateKey/i);
  });
});
