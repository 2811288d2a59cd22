// A sender killed between sending and recording: what it claimed is claimed again when the lease
// runs out, and shows once. A push is resent with the same tag and Topic (the device's notification replaces its
// copy); a mail is resent with the same Idempotency-Key, which the local mail API answers without sending again, so
// each recipient gets exactly one mail, and no recipient none.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVapidKeys } from '../../supabase/local/vapid.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { deliveriesOf, sendMessage, setPreferences, settled, states } from './support/notifications.ts';
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

/** The sender in a child process, with the settings a hosted project gives it, and `env` besides. */
function startSenderProcess(env: Record<string, string> = {}): {
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | string>;
} {
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
        PUSH_TEST_ORIGINS: push.origin,
        ...env,
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

/** Runs out every lease now, as 5 minutes passing would. */
const leasesRunOut = () =>
  stack.db.query(
    `update public.notification_deliveries set claimed_until = now() - interval '1 second' where state = 'sending'`,
  );

const runStackSender = async () => {
  const { data, error } = await stack.service().functions.invoke('send-notifications', { body: {} });
  expect(error).toBeNull();
  return data as Record<string, number>;
};

describe('a sender killed mid-batch', () => {
  it('sends a push again once the lease ran out, with the same tag and Topic, and then records it', async () => {
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

    // Within the lease nobody sends it again; a later notification goes out.
    const second = await sendMessage(replier, author, 'After the restart');
    expect(await runStackSender()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(states(await deliveriesOf(stack, 'message_id', first))).toEqual(['push:sending']);
    expect(states(await deliveriesOf(stack, 'message_id', second))).toEqual(['push:sent']);

    await leasesRunOut();
    expect(await runStackSender()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    const [before, after, again] = push.received;
    expect([before, after, again].map((r) => (r!.payload as { body: string }).body)).toEqual([
      'Before the crash',
      'After the restart',
      'Before the crash',
    ]);
    const { rows } = await stack.db.query<{ id: string }>('select id from public.notifications where message_id = $1', [
      first,
    ]);
    const topic = rows[0]!.id.replace(/-/g, '');
    expect(again!.payload).toEqual(before!.payload);
    expect([before!.headers.topic, again!.headers.topic]).toEqual([topic, topic]);
    expect(await deliveriesOf(stack, 'message_id', first)).toEqual([
      expect.objectContaining({ channel: 'push', state: 'sent', attempts: 2 }),
    ]);
  });

  it('gives each recipient exactly one mail when it dies after the mail API took some of a batch', async () => {
    const recipients = await Promise.all(Array.from({ length: 4 }, () => createMember(stack)));
    for (const r of recipients) await setPreferences(stack, r, { emailMessages: true, pushEnabled: false });
    const messages = [];
    for (const r of recipients) messages.push(await sendMessage(replier, r, 'One mail only'));

    // Between the sender and the local mail API: once the API has answered two mails, the sender is killed before
    // it hears any answer, so it records nothing.
    let answered = 0;
    let sender: ReturnType<typeof startSenderProcess> | undefined;
    const keys: string[] = [];
    const relay = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void (async () => {
          keys.push(String(req.headers['idempotency-key']));
          const answer = await fetch(`${stack.url}/local/v1${req.url}`, {
            method: 'POST',
            headers: {
              authorization: req.headers.authorization ?? '',
              'content-type': 'application/json',
              'idempotency-key': String(req.headers['idempotency-key']),
            },
            body: Buffer.concat(chunks),
          });
          const body = await answer.text();
          answered += 1;
          if (answered === 2) {
            sender!.child.kill('SIGKILL');
            await sender!.exited;
          }
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
        })();
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
    try {
      const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
      sender = startSenderProcess({ MAIL_API_URL: relayUrl, MAIL_API_KEY: stack.serviceKey });
      expect(await sender.exited).toBe('SIGKILL');
    } finally {
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.every((k) => /^notification-delivery\/[0-9a-f-]{36}$/.test(k))).toBe(true);
    for (const id of messages) expect(states(await deliveriesOf(stack, 'message_id', id))).toEqual(['email:sending']);

    await leasesRunOut();
    expect(await runStackSender()).toMatchObject({ sent: 4, retried: 0, failed: 0 });
    for (const id of messages) {
      expect(await deliveriesOf(stack, 'message_id', id)).toEqual([
        expect.objectContaining({ channel: 'email', state: 'sent', attempts: 2 }),
      ]);
    }
    for (const r of recipients) {
      const { rows } = await stack.db.query<{ n: number }>(
        'select count(*)::int as n from local.mail where lower(to_address) = lower($1)',
        [r.email],
      );
      expect(rows).toEqual([{ n: 1 }]);
    }
    expect(settled(await deliveriesOf(stack, 'message_id', messages[0]!))).toBe(true);
  });
});
