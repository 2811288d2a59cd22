// At most once per channel (issue 13): a sender killed after the push service took a notification and before it
// recorded that is restarted, and the notification is not sent again; what comes after it is.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVapidKeys } from '../../supabase/local/vapid.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { deliveriesOf, sendMessage, setPreferences, states } from './support/notifications.ts';
import { startPushService, type PushService } from './support/pushService.ts';

let push: PushService;
let stack: TestStack;
let author: TestMember;
let replier: TestMember;

beforeAll(async () => {
  push = await startPushService();
  // No sender of the stack's own: the test runs them.
  stack = await startTestStack({
    seed: false,
    functionEnv: { PUSH_CA_CERT: push.caCert },
    pushTestOrigin: push.origin,
  });
  author = await createMember(stack);
  replier = await createMember(stack);
  await setPreferences(stack, author, { pushEnabled: true, emailMessages: false });
  const sub = push.subscribe();
  const { error } = await author.client
    .from('push_subscriptions')
    .insert({ endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth });
  expect(error).toBeNull();
});
afterAll(async () => {
  await stack?.close();
  await push?.close();
});

/** The sender in a child process, with the settings a hosted project gives it. */
function startSenderProcess(): { child: ChildProcess; exited: Promise<NodeJS.Signals | string> } {
  const vapid = newVapidKeys();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./support/runSender.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        SUPABASE_URL: stack.url,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
        SITE_URL: stack.url,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:admin@example.test',
        PUSH_CA_CERT: push.caCert,
      },
      stdio: 'pipe',
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The signal that ended it, or what it printed when it ended by itself.
  const exited = new Promise<NodeJS.Signals | string>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal ?? output)),
  );
  return { child, exited };
}

describe('a sender killed mid-batch', () => {
  it('does not send again what the push service took before the kill, and sends what comes after', async () => {
    const first = await sendMessage(replier, author, 'Before the crash');
    const { child, exited } = startSenderProcess();
    // The push service has the message; the sender dies before it hears back, so before it records anything.
    push.beforeAnswer = async () => {
      child.kill('SIGKILL');
      await exited;
    };
    expect(await exited).toBe('SIGKILL');
    push.beforeAnswer = undefined;
    expect(push.received).toHaveLength(1);
    expect(states(await deliveriesOf(stack, 'message_id', first))).toEqual(['push:sending']);

    const second = await sendMessage(replier, author, 'After the restart');
    const { data, error } = await stack.service().functions.invoke('send-notifications', { body: {} });
    expect(error).toBeNull();
    expect(data).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(push.received.map((r) => (r.payload as { body: string }).body)).toEqual([
      'Before the crash',
      'After the restart',
    ]);
    expect(states(await deliveriesOf(stack, 'message_id', first))).toEqual(['push:sending']);
    expect(states(await deliveriesOf(stack, 'message_id', second))).toEqual(['push:sent']);
  });
});
