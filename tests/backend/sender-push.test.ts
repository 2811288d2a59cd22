// Web push through the local stack's sender: a push service on 127.0.0.1 receives the sender's request,
// decrypts it with the subscription's own keys and finds who sent what; a 410 deletes the subscription; a 500 is
// retried later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, makeThread, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { deliveriesOf, postReply, sendMessage, setPreferences, settled, states } from './support/notifications.ts';
import { startPushService, type PushService, type TestSubscription } from './support/pushService.ts';
import { waitFor } from './support/waitFor.ts';

let push: PushService;
let stack: TestStack;
let author: TestMember;
let replier: TestMember;
let replierName: string;

beforeAll(async () => {
  push = await startPushService();
  stack = await startTestStack({
    seed: false,
    sendNotifications: true,
    functionEnv: { PUSH_CA_CERT: push.caCert },
    pushTestOrigin: push.origin,
  });
  await stack.db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  author = await createMember(stack);
  replier = await createMember(stack);
  await stack.db.query(`update public.profiles set display_name = 'Rita Replier' where id = $1`, [replier.id]);
  replierName = 'Rita Replier';
  await setPreferences(stack, author, { pushEnabled: true, emailMessages: false, emailReplies: false });
});
afterAll(async () => {
  await stack?.close();
  await push?.close();
});

/** The member's device subscribes through REST, as the app does with what PushManager.subscribe() gave it. */
async function subscribe(member: TestMember): Promise<TestSubscription> {
  const sub = push.subscribe();
  const { error } = await member.client
    .from('push_subscriptions')
    .insert({ endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth });
  expect(error).toBeNull();
  return sub;
}

const subscriptionCount = async (endpoint: string) =>
  (
    await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.push_subscriptions where endpoint = $1',
      [endpoint],
    )
  ).rows[0]!.n;

describe('web push', () => {
  it('delivers a message, encrypted for the subscription and signed with the VAPID key the app subscribes with', async () => {
    const sub = await subscribe(author);
    const messageId = await sendMessage(replier, author, 'Lunch on Friday?');
    const [request] = await push.waitForRequests(1);
    const config = (await (await fetch(`${stack.url}/local/v1/config`)).json()) as { vapidPublicKey: string };
    const notification = (
      await stack.db.query<{ id: string }>(`select id from public.notifications where message_id = $1`, [messageId])
    ).rows[0]!;
    expect(request).toMatchObject({
      subscriptionId: sub.id,
      vapidPublicKey: config.vapidPublicKey,
      payload: {
        title: replierName,
        body: 'Lunch on Friday?',
        tag: `messages-${replier.id}`,
        url: `/messages?message=${messageId}`,
        notificationId: notification.id,
      },
    });
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    expect(states(await waitFor(() => deliveriesOf(stack, 'message_id', messageId), settled, 'the push sent'))).toEqual(
      ['push:sent'],
    );
  });

  it('delivers a reply with an excerpt of it and a link to the post in its thread', async () => {
    const threadId = await makeThread(stack, author.id);
    const before = push.received.length;
    const postId = await postReply(replier, threadId, 'I **agree**: the [roadmap](https://example.test) looks right.');
    const requests = await push.waitForRequests(before + 1);
    expect(requests.at(-1)!.payload).toMatchObject({
      title: replierName,
      body: 'I agree : the roadmap looks right.',
      tag: `thread-${threadId}`,
      url: `/thread/${threadId}#post-${postId}`,
    });
    await waitFor(() => deliveriesOf(stack, 'post_id', postId), settled, 'the reply’s push sent');
  });

  it('deletes a subscription the push service answers 410 for, and does not retry the delivery', async () => {
    const gone = await subscribe(author);
    push.answer(gone.id, 410);
    // The first device is gone too, so nothing can take this one.
    for (const request of push.received) push.answer(request.subscriptionId, 410);
    const messageId = await sendMessage(replier, author, 'Are you there?');
    const rows = await waitFor(() => deliveriesOf(stack, 'message_id', messageId), settled, 'the push given up');
    expect(rows).toEqual([expect.objectContaining({ channel: 'push', state: 'failed', attempts: 1 })]);
    expect(rows[0]!.last_error).toMatch(/no push subscription left/);
    expect(await subscriptionCount(gone.endpoint)).toBe(0);
    const { data } = await author.client.from('push_subscriptions').select('id');
    expect(data).toEqual([]);
    expect(push.received.filter((r) => r.subscriptionId === gone.id)).toEqual([
      expect.objectContaining({ status: 410 }),
    ]);
  });

  it('keeps a subscription the push service fails for (500), and retries the delivery later with backoff', async () => {
    const flaky = await subscribe(author);
    push.answer(flaky.id, 500);
    const messageId = await sendMessage(replier, author, 'Second try');
    const [row] = await waitFor(
      () => deliveriesOf(stack, 'message_id', messageId),
      (rows) => rows[0]?.attempts === 1 && rows[0].state === 'queued',
      'the push queued again',
    );
    expect(row!.last_error).toMatch(/Push service answered 500/);
    expect(row!.wait_s).toBeGreaterThan(20);
    expect(await subscriptionCount(flaky.endpoint)).toBe(1);
  });
});
