// The push toggle's database side, through the app's own calls (src/backend/pushSubscriptions.ts) as a member:
// storing and deleting the member's own subscription, and never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteSubscription, saveSubscription } from '../../src/backend/pushSubscriptions.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  member = await createMember(stack);
  other = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const subscription = () => ({
  endpoint: `https://push.example.test/send/${randomUUID()}`,
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
});

async function rowsOf(endpoint: string) {
  const { rows } = await stack.db.query<{ user_id: string }>(
    'select user_id from public.push_subscriptions where endpoint = $1',
    [endpoint],
  );
  return rows.map((r) => r.user_id);
}

it('stores the member’s own subscription, and deletes it when push is turned off', async () => {
  const sub = subscription();
  await saveSubscription(member.client, member.id, sub);
  expect(await rowsOf(sub.endpoint)).toEqual([member.id]);
  await deleteSubscription(member.client, sub.endpoint);
  expect(await rowsOf(sub.endpoint)).toEqual([]);
});

it('refuses a subscription in another member’s name, and changes nothing', async () => {
  const sub = subscription();
  await expect(saveSubscription(member.client, other.id, sub)).rejects.toMatchObject({ kind: 'refused' });
  expect(await rowsOf(sub.endpoint)).toEqual([]);
});

it('leaves another member’s subscription in place when a member deletes by its endpoint', async () => {
  const sub = subscription();
  await saveSubscription(other.client, other.id, sub);
  await deleteSubscription(member.client, sub.endpoint);
  expect(await rowsOf(sub.endpoint)).toEqual([other.id]);
});

it('refuses a second row for an endpoint already stored, with a conflict and no change', async () => {
  const sub = subscription();
  await saveSubscription(member.client, member.id, sub);
  await expect(saveSubscription(member.client, member.id, { ...sub, auth: 'other' })).rejects.toMatchObject({
    kind: 'conflict',
  });
  const { rows } = await stack.db.query('select auth from public.push_subscriptions where endpoint = $1', [
    sub.endpoint,
  ]);
  expect(rows).toEqual([{ auth: 'tBHItJI5svbpez7KI4CCXg' }]);
});
