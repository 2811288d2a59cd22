// The sync engine and the session: tokens that expire offline, sign-out, and another member on the same device.
import { describe, expect, it } from 'vitest';
import { latestThreads } from '../../../src/data/queries/threads.ts';
import { enqueueMessage, enqueueReply } from '../../../src/sync/outbox.ts';
import { catchUp, newDevice, waitFor, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

// Access tokens live 2 s, so a short wait makes one really expire.
const { stack, devices } = setUpSyncStack({ jwtExpiry: 2 });

async function device() {
  const d = await newDevice(stack);
  devices.push(d);
  return d;
}

async function openThreadId(d: Device) {
  const thread = (await latestThreads(d.db, 50)).find((t) => !t.is_locked);
  if (!thread) throw new Error('no open thread');
  return thread.id;
}

async function serverCount(sql: string, params: unknown[]) {
  const { rows } = await stack.db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

describe('sync and the session', () => {
  it('shows a connection lost while the session loads as offline once started, and online when it is back', async () => {
    const d = await newDevice(stack, { whileStarting: (env) => env.setOnline(false) });
    devices.push(d);
    expect(d.engine.status.get().online).toBe(false);
    d.env.setOnline(true);
    expect(d.engine.status.get().online).toBe(true);
  });

  it('refreshes a token that expired offline before it flushes the outbox', async () => {
    const member = await stack.newMember();
    const d = await device();
    await d.signIn(member.email, member.password);
    await d.engine.sync();
    const threadId = await openThreadId(d);
    const before = (await d.client.auth.getSession()).data.session?.access_token;
    d.env.setOnline(false);
    await enqueueReply(d.writer(), { threadId, content: 'Written while the token expired', images: [] });
    await new Promise((r) => setTimeout(r, 2_500));

    d.env.online = true;
    await d.engine.flush();

    expect(await d.db.failed.count()).toBe(0);
    expect(
      await serverCount('select count(*)::int as n from public.posts where author_id = $1 and content = $2', [
        member.id,
        'Written while the token expired',
      ]),
    ).toBe(1);
    expect((await d.client.auth.getSession()).data.session?.access_token).not.toBe(before);
  });

  it('removes private data (the wallet kept for /wallet too) on sign-out and sends the waiting writes only for their own author', async () => {
    const alice = await stack.newMember();
    const bob = await stack.newMember();
    const d = await device();
    await d.signIn(alice.email, alice.password);
    const { error } = await bob.client
      .from('messages')
      .insert({ sender_id: bob.id, recipient_id: alice.id, subject: 'For Alice', content: 'Private words' });
    expect(error).toBeNull();
    await catchUp(d, stack.db);
    expect(await d.db.messages.count()).toBe(1);
    expect(await d.db.me.get(alice.id)).toMatchObject({ email: alice.email });
    // What /wallet kept of Alice's wallet: her address, balance and payments are hers alone.
    await d.db.walletSnapshots.put({ address: '0xa11ce', balance: '5', balanceAt: 1 });

    d.env.online = false;
    const threadId = await openThreadId(d);
    await enqueueReply(d.writer(), { threadId, content: 'Alice wrote this offline', images: [] });
    await enqueueMessage(d.writer(), { recipientId: bob.id, subject: 'Unsent', content: 'From Alice' });
    await d.client.auth.signOut({ scope: 'local' });
    // The engine takes the sign-out at once, then clears the member's rows and hides their unsent ones: the test
    // waits for both, and then checks all that they cover.
    const aliceReply = () => d.db.posts.filter((p) => p.content === 'Alice wrote this offline').count();
    await waitFor(
      async () => d.engine.currentUserId === null && (await d.db.me.count()) === 0 && (await aliceReply()) === 0,
    );

    expect(await d.db.messages.count()).toBe(0);
    expect(await d.db.me.count()).toBe(0);
    expect(await d.db.walletSnapshots.count()).toBe(0);
    expect(await d.db.outbox.count()).toBe(2);
    expect(await aliceReply()).toBe(0);

    d.env.online = true;
    await d.signIn(bob.email, bob.password);
    await d.engine.sync();
    expect(await d.db.outbox.count()).toBe(2);
    expect(await serverCount('select count(*)::int as n from public.posts where author_id = $1', [alice.id])).toBe(0);
    expect((await d.db.messages.toArray()).every((m) => m.sender_id === bob.id || m.recipient_id === bob.id)).toBe(
      true,
    );

    await d.client.auth.signOut({ scope: 'local' });
    await d.signIn(alice.email, alice.password);
    await d.engine.sync();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await serverCount('select count(*)::int as n from public.posts where author_id = $1', [alice.id])).toBe(1);
    expect(await serverCount('select count(*)::int as n from public.messages where sender_id = $1', [alice.id])).toBe(
      1,
    );
  });
});
