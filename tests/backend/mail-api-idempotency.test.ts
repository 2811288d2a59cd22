// The local mail API honours Resend's Idempotency-Key: a second POST with a key answers the
// first answer and sends nothing; the same key with another mail is a 409, as Resend answers; a key over 256
// characters is a 400. The sender sends each delivery's mail under one key, so a resend after a crash shows once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(async () => {
  await stack?.close();
});

const mailTo = (to: string, subject = 'Once') => ({
  from: 'Forum <n@guapcoin.local>',
  to,
  subject,
  text: 'Go to http://x.test/a',
});
const post = (body: unknown, key?: string) =>
  fetch(`${stack.url}/local/v1/emails`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.serviceKey}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
const mailboxOf = async (to: string) =>
  (await (await fetch(`${stack.url}/local/v1/mail?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[];

describe('Idempotency-Key on /local/v1/emails', () => {
  it('answers a repeated key with the first answer and sends nothing more', async () => {
    const to = `${randomUUID()}@example.test`;
    const key = `notification-delivery/${randomUUID()}`;
    const first = await post(mailTo(to), key);
    const second = await post(mailTo(to), key);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [(await first.json()) as { id: string }, (await second.json()) as { id: string }];
    expect(b.id).toBe(a.id);
    expect(await mailboxOf(to)).toHaveLength(1);
  });

  it('answers parallel requests with one key with one mail', async () => {
    const to = `${randomUUID()}@example.test`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(mailTo(to), key)));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    expect(await mailboxOf(to)).toHaveLength(1);
  });

  it('refuses the same key with another mail (409), and a key over 256 characters (400), sending nothing', async () => {
    const to = `${randomUUID()}@example.test`;
    const key = randomUUID();
    expect((await post(mailTo(to), key)).status).toBe(200);
    const other = await post(mailTo(to, 'Another subject'), key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    const long = await post(mailTo(to, 'Long key'), 'k'.repeat(257));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ name: 'invalid_idempotency_key' });
    expect((await mailboxOf(to)).map((m) => m.subject)).toEqual(['Once']);
  });

  it('sends every mail without a key, as before', async () => {
    const to = `${randomUUID()}@example.test`;
    expect((await post(mailTo(to))).status).toBe(200);
    expect((await post(mailTo(to))).status).toBe(200);
    expect(await mailboxOf(to)).toHaveLength(2);
  });
});
