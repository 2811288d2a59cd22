// The sender against a hosted-style mail API: it sends with the configured key, sender and an
// Idempotency-Key per delivery, retries a 503 later with backoff, and gives up at once on a refusal that
// will not pass (422); a 409 for a key already used means the mail went out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { startMailApi, type MailApi } from './support/mailApi.ts';
import { deliveriesOf, sendMessage } from './support/notifications.ts';

let mail: MailApi;
let stack: TestStack;
let author: TestMember;
let replier: TestMember;

beforeAll(async () => {
  mail = await startMailApi();
  stack = await startTestStack({
    seed: false,
    functionEnv: {
      MAIL_API_URL: mail.url,
      MAIL_API_KEY: 're_test_key',
      MAIL_FROM: 'Forum <forum@example.test>',
      SITE_URL: 'https://forum.example.test',
    },
  });
  author = await createMember(stack);
  replier = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
  await mail?.close();
});

const runSender = async () => {
  const { data, error } = await stack.service().functions.invoke('send-notifications', { body: {} });
  expect(error).toBeNull();
  return data as Record<string, number>;
};

describe('the mail API', () => {
  it('gets the mail with the key, the sender and a link on SITE_URL', async () => {
    const messageId = await sendMessage(replier, author, 'Keys and links');
    expect(await runSender()).toMatchObject({ sent: 1 });
    const { rows } = await stack.db.query<{ id: string }>(
      `select d.id from public.notification_deliveries d join public.notifications n on n.id = d.notification_id
       where n.message_id = $1`,
      [messageId],
    );
    expect(mail.received.at(-1)).toMatchObject({
      authorization: 'Bearer re_test_key',
      idempotencyKey: `notification-delivery/${rows[0]!.id}`,
      body: { from: 'Forum <forum@example.test>', to: [author.email] },
    });
    expect(mail.received.at(-1)!.body.text).toContain(`https://forum.example.test/messages?message=${messageId}`);
  });

  it('retries a 503 later with backoff, and gives up at once on a 422', async () => {
    mail.script.push(503);
    const busy = await sendMessage(replier, author, 'Busy');
    expect(await runSender()).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    const [retry] = await deliveriesOf(stack, 'message_id', busy);
    expect(retry).toMatchObject({ channel: 'email', state: 'queued', attempts: 1 });
    expect(retry!.last_error).toMatch(/Mail API answered 503/);
    expect(retry!.wait_s).toBeGreaterThan(20);

    mail.script.push(422);
    const refused = await sendMessage(replier, author, 'Refused');
    expect(await runSender()).toMatchObject({ sent: 0, retried: 0, failed: 1 });
    const [given] = await deliveriesOf(stack, 'message_id', refused);
    expect(given).toMatchObject({ state: 'failed', attempts: 1 });
    expect(given!.last_error).toMatch(/Mail API answered 422/);
    // Not due yet: the 503 one waits its turn, and the 422 one is never sent again.
    const before = mail.received.length;
    expect(await runSender()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(mail.received).toHaveLength(before);
  });

  it('counts a 409 for a key already used with another mail as sent: that mail went out', async () => {
    mail.script.push(409);
    const messageId = await sendMessage(replier, author, 'Edited since');
    expect(await runSender()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(await deliveriesOf(stack, 'message_id', messageId)).toEqual([
      expect.objectContaining({ channel: 'email', state: 'sent' }),
    ]);
  });
});
