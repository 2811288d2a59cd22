// A private message's content is capped at 100,000 characters and its subject at 300: past either, the insert is a
// 400 check violation that stores nothing; at the caps, it is stored.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let sender: Awaited<ReturnType<TestStack['newMember']>>;
let recipient: Awaited<ReturnType<TestStack['newMember']>>;

beforeAll(async () => {
  stack = await startTestStack();
  sender = await stack.newMember();
  recipient = await stack.newMember();
});
afterAll(() => stack.close());

const send = (subject: string, content: string) =>
  sender.client.from('messages').insert({ sender_id: sender.id, recipient_id: recipient.id, subject, content });

const inbox = async () =>
  (await stack.db.query('select id from public.messages where recipient_id = $1', [recipient.id])).rows.length;

test('content past 100,000 characters or a subject past 300 is 400 23514 and stores nothing', async () => {
  const before = await inbox();
  const long = await send('Hello', 'x'.repeat(100_001));
  expect(long.status).toBe(400);
  expect(long.error).toMatchObject({ code: '23514' });
  const subject = await send('s'.repeat(301), 'Hello');
  expect(subject.status).toBe(400);
  expect(subject.error).toMatchObject({ code: '23514' });
  expect(await inbox()).toBe(before);
});

test('a message at both caps is stored whole', async () => {
  const { error } = await send('s'.repeat(300), 'x'.repeat(100_000));
  expect(error).toBeNull();
  const { rows } = await stack.db.query<{ n: number }>(
    'select char_length(content)::int as n from public.messages where recipient_id = $1',
    [recipient.id],
  );
  expect(rows.map((r) => r.n)).toContain(100_000);
});
