// The sender against push endpoints that misbehave: a member with 1,000 devices does not push
// another member's devices out of the batch's subscription read, and a hung endpoint (a server on 127.0.0.1 that
// accepts and never answers) is given up at its deadline, 10 s at most, while others' pushes go out beside it, and an
// endpoint on this machine stored past the database's check is refused without a connection, however it is spelled.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/send-notifications/handler.ts';
import { DEFAULT_OPTIONS, type DeliverOptions } from '../../supabase/functions/send-notifications/deliver.ts';
import { newVapidKeys } from '../../supabase/local/vapid.ts';
import { createMember, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { deliveriesOf, sendMessage, setPreferences } from './support/notifications.ts';
import { startPushService, type PushService } from './support/pushService.ts';
import { waitFor } from './support/waitFor.ts';

interface HungServer {
  origin: string;
  /** Connections accepted and not yet closed by the client. */
  open: Set<Socket>;
  accepted: number;
  close(): Promise<void>;
}

/** Accepts connections and never answers: not the TLS handshake, not a byte. */
async function startHungServer(): Promise<HungServer> {
  const open = new Set<Socket>();
  const hung: HungServer = { origin: '', open, accepted: 0, close: async () => undefined };
  const server: Server = createServer((socket) => {
    // Read and drop what comes (the TLS hello), so that the client's closing is seen; answer nothing.
    socket.resume();
    hung.accepted += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => open.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  hung.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hung.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    });
  return hung;
}

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let push: PushService;
let hung: HungServer;
let stack: TestStack;
let replier: TestMember;
const vapid = newVapidKeys();

beforeAll(async () => {
  push = await startPushService();
  hung = await startHungServer();
  // No sender of the stack's own: each test runs the function with the options it checks.
  stack = await startTestStack({ seed: false, pushTestOrigin: push.origin });
  replier = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
  await hung?.close();
  await push?.close();
});

/**
 * The function in this process, with a hosted project's settings and `options`; answers its summary. It may push to
 * `testOrigins` on this machine: the fixture's and the hung server's unless a test says otherwise.
 */
async function runSender(options: Partial<DeliverOptions> = {}, testOrigins = [push.origin, hung.origin]) {
  const env: Record<string, string> = {
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    SITE_URL: stack.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:admin@example.test',
    PUSH_CA_CERT: push.caCert,
    PUSH_TEST_ORIGINS: testOrigins.join(','),
  };
  const handler = createHandler((name) => env[name], { ...DEFAULT_OPTIONS, ...options });
  const response = await handler(
    new Request(`${stack.url}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.serviceKey}` },
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { sent: number; retried: number; failed: number; unrecorded: number };
}

/** Puts off the retries a test left queued, so that no later run of the sender sends them among its own. */
const putOffRetries = () =>
  stack.db.query(
    `update public.notification_deliveries set next_attempt_at = now() + interval '1 day' where state = 'queued'`,
  );

/** A member with push on and nothing else. */
async function pushMember(): Promise<TestMember> {
  const member = await createMember(stack);
  await setPreferences(stack, member, { pushEnabled: true, emailMessages: false, emailReplies: false });
  return member;
}

/** Subscribes on the push service fixture through REST, as the app does. */
async function subscribeOnFixture(member: TestMember) {
  const sub = push.subscribe();
  const { error } = await member.client
    .from('push_subscriptions')
    .insert({ endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth });
  expect(error).toBeNull();
  return sub;
}

/**
 * Stores subscriptions past the endpoint check (triggers off for this transaction), as rows stored before it would
 * be: the sender must cope with endpoints on this machine, which members can no longer register.
 */
async function storeUnchecked(userId: string, endpoints: string[]) {
  const sub = push.subscribe();
  await stack.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
       select $1, e, $3, $4 from unnest($2::text[]) as e`,
      [userId, endpoints, sub.p256dh, sub.auth],
    );
  });
}

describe('the subscriptions of a batch', () => {
  it('reaches every recipient when they hold more than 1,000 devices between them', async () => {
    const many = await pushMember();
    const port = await closedPort();
    await storeUnchecked(
      many.id,
      Array.from({ length: 1_000 }, (_, i) => `https://127.0.0.1:${port}/push/${i}`),
    );
    const other = await pushMember();
    const sub = await subscribeOnFixture(other);
    const toMany = await sendMessage(replier, many, 'To the one with many devices');
    const toOther = await sendMessage(replier, other, 'To the one with one device');
    const before = push.received.length;

    const closed = `https://127.0.0.1:${port}`;
    expect(await runSender({}, [push.origin, closed])).toMatchObject({ sent: 1, retried: 1, failed: 0 });
    expect(push.received.slice(before).map((r) => r.subscriptionId)).toEqual([sub.id]);
    expect(await deliveriesOf(stack, 'message_id', toOther)).toEqual([
      expect.objectContaining({ channel: 'push', state: 'sent' }),
    ]);
    const [manyRow] = await deliveriesOf(stack, 'message_id', toMany);
    expect(manyRow).toMatchObject({ state: 'queued', attempts: 1 });
    expect(manyRow!.last_error).toMatch(/ECONNREFUSED/);
    await putOffRetries();
  });
});

describe('a hung push endpoint', () => {
  it('is given up at its deadline, while another member’s push goes out beside it', async () => {
    const stuck = await pushMember();
    await storeUnchecked(stuck.id, [`${hung.origin}/push/stuck`]);
    const other = await pushMember();
    const sub = await subscribeOnFixture(other);
    const toStuck = await sendMessage(replier, stuck, 'Into the void');
    const toOther = await sendMessage(replier, other, 'Right away');
    const before = push.received.length;

    const run = runSender({ pushDeadlineMs: 3_000 });
    const [request] = (await push.waitForRequests(before + 1)).slice(before);
    expect(request).toMatchObject({ subscriptionId: sub.id, payload: { body: 'Right away' } });
    // The other push arrived while the hung endpoint still held its connection.
    expect(hung.open.size).toBe(1);
    expect(await run).toMatchObject({ sent: 1, retried: 1, failed: 0 });
    const [stuckRow] = await deliveriesOf(stack, 'message_id', toStuck);
    expect(stuckRow).toMatchObject({ state: 'queued', attempts: 1 });
    expect(stuckRow!.last_error).toBe('Push gave no answer within its 3 s deadline');
    expect(await deliveriesOf(stack, 'message_id', toOther)).toEqual([expect.objectContaining({ state: 'sent' })]);
    await waitFor(
      async () => hung.open.size,
      (n) => n === 0,
      'the hung connection closed by the sender',
    );
  });

  it('never waits longer than 10 s, whatever deadline the sender is given', async () => {
    expect(DEFAULT_OPTIONS.pushDeadlineMs).toBeLessThanOrEqual(10_000);
    const stuck = await pushMember();
    await storeUnchecked(stuck.id, [`${hung.origin}/push/stuck-again`]);
    const messageId = await sendMessage(replier, stuck, 'Still nobody');
    expect(await runSender({ pushDeadlineMs: 60_000 })).toMatchObject({ sent: 0, retried: 1 });
    const [row] = await deliveriesOf(stack, 'message_id', messageId);
    expect(row!.last_error).toBe('Push gave no answer within its 10 s deadline');
    await waitFor(
      async () => hung.open.size,
      (n) => n === 0,
      'the hung connection closed by the sender',
    );
  });
});

describe('an endpoint on this machine that got past the database', () => {
  it('is never connected to, whatever its spelling, and its delivery fails for good', async () => {
    const port = new URL(hung.origin).port;
    const spellings = [
      `HTTPS://127.0.0.1:${port}/push/upper`,
      `Https://127.0.0.1:${port}/push/mixed`,
      `https://[::1]:${port}/push/v6`,
      `https://2130706433:${port}/push/decimal`,
      `https://0x7f.1:${port}/push/hex`,
      `https://LOCALHOST:${port}/push/name`,
      'Https://169.254.169.254/latest/meta-data/',
      `https://user@fcm.googleapis.com/fcm/send/x`,
    ];
    const target = await pushMember();
    await storeUnchecked(target.id, spellings);
    const other = await pushMember();
    const sub = await subscribeOnFixture(other);
    const toTarget = await sendMessage(replier, target, 'Not to this machine');
    const toOther = await sendMessage(replier, other, 'To the push service');
    const accepted = hung.accepted;
    const before = push.received.length;

    // Only the fixture is a test origin here: the hung server's port is as off-limits as any on this machine.
    expect(await runSender({}, [push.origin])).toMatchObject({ sent: 1, retried: 0, failed: 1 });
    expect(hung.accepted).toBe(accepted);
    expect(push.received.slice(before).map((r) => r.subscriptionId)).toEqual([sub.id]);
    const [row] = await deliveriesOf(stack, 'message_id', toTarget);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.last_error!.split('; ')).toEqual(
      expect.arrayContaining([
        'Push endpoint refused: the endpoint’s host is an IP address',
        'Push endpoint refused: the endpoint’s host is not a host name with a domain',
        'Push endpoint refused: the endpoint has a user name or password',
      ]),
    );
    expect(row!.last_error!.split('; ')).toHaveLength(spellings.length);
    expect(await deliveriesOf(stack, 'message_id', toOther)).toEqual([expect.objectContaining({ state: 'sent' })]);
  });
});
