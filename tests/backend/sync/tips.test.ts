// Tips through the outbox against the real local stack: made offline, recorded once on reconnect, once again when
// the answer was lost; a tip the server refuses joins the failed list with the guard's words; a hash this member
// already recorded elsewhere counts as sent; another member may record the same hash, and only its sender's counts.
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueTip } from '../../../src/sync/kinds/tip.ts';
import { startExplorer, type Explorer } from '../support/explorer.ts';
import { newDevice, signedInDevice, type Device } from './device.ts';
import { setUpSyncStack } from './setUpSyncStack.ts';

let explorer: Explorer;
beforeAll(async () => {
  explorer = await startExplorer();
});
afterAll(() => explorer?.close());

// The explorer is the test's own (its address read when the stack starts): the check made on recording asks it.
const { stack, devices } = setUpSyncStack({
  seed: false,
  wallet: {
    chainId: '71111',
    get explorerUrl() {
      return explorer.url;
    },
  },
});

/** A member with a proven address, and the tip fields a sender records for a new transaction to it. */
async function recipientWithAddress() {
  const recipient = await stack.newMember();
  const address = Wallet.createRandom().address;
  // Two updates: a new address removes the proof (reset_wallet_proof).
  await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [recipient.id, address]);
  await stack.db.query('update public.profiles set wallet_verified = true where id = $1', [recipient.id]);
  const tip = () => ({
    recipient_id: recipient.id,
    recipientName: 'recipient',
    tx_hash: '0x' + randomBytes(32).toString('hex'),
    to_address: address,
    amount_wei: '250000000000000000',
    chain_id: 71111,
  });
  return { recipient, tip };
}

/** A tipper's own verified address: a tip is recorded only from one. */
async function proveWallet(memberId: string) {
  await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [
    memberId,
    Wallet.createRandom().address,
  ]);
  await stack.db.query('update public.profiles set wallet_verified = true where id = $1', [memberId]);
}

/** A signed-in device of a member whose address is proven. */
async function tipperDevice() {
  const signedIn = await signedInDevice(stack, devices);
  await proveWallet(signedIn.member.id);
  return signedIn;
}

const rowsOf = async (hash: string) =>
  (await stack.db.query<{ sender_id: string }>('select sender_id from public.tips where tx_hash = $1', [hash])).rows;

async function offline(device: Device) {
  device.network.mode = 'down';
  device.env.setOnline(false);
}

describe('tips through the outbox', () => {
  it('made offline, is recorded once on reconnect, and once when the first answer was lost', async () => {
    const { tip } = await recipientWithAddress();
    const { device, member } = await tipperDevice();
    await offline(device);
    const first = tip();
    await enqueueTip(device.writer(), first);
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(1);
    expect(await rowsOf(first.tx_hash)).toEqual([]);

    device.network.mode = 'up';
    device.env.setOnline(true);
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await rowsOf(first.tx_hash)).toEqual([{ sender_id: member.id }]);

    // The server records it, the answer is lost, and the retry finds it recorded under the device's id.
    const second = tip();
    device.network.mode = 'drop-answers';
    await enqueueTip(device.writer(), second);
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(1);
    expect(await rowsOf(second.tx_hash)).toEqual([{ sender_id: member.id }]);
    device.network.mode = 'up';
    device.clock.t += 60_000;
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.failed.count()).toBe(0);
    expect(await rowsOf(second.tx_hash)).toEqual([{ sender_id: member.id }]);
  });

  it('refused by the server, joins the failed list with the reason, and records nothing', async () => {
    const { recipient, tip } = await recipientWithAddress();
    const { device } = await tipperDevice();
    await offline(device);
    const refused = tip();
    await enqueueTip(device.writer(), refused);
    // Meanwhile the recipient saves another address: the proof is gone.
    await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [
      recipient.id,
      Wallet.createRandom().address,
    ]);
    device.network.mode = 'up';
    device.env.setOnline(true);
    await device.engine.flush();
    expect(await device.db.outbox.count()).toBe(0);
    expect((await device.db.failed.toArray()).map((f) => [f.write.kind, f.reason])).toEqual([
      ['tip', 'This member has no verified wallet address'],
    ]);
    expect(await rowsOf(refused.tx_hash)).toEqual([]);
  });

  it('counts a hash this member recorded elsewhere as sent, and records it for another member too', async () => {
    const { tip } = await recipientWithAddress();
    const { device: a, member } = await tipperDevice();
    const { device: other } = await tipperDevice();
    const mine = tip();
    // The member's other device recorded it first, under its own id.
    await enqueueTip(a.writer(), mine);
    await a.engine.flush();
    const b = await newDevice(stack);
    devices.push(b);
    await b.signIn(member.email, member.password);
    await enqueueTip(b.writer(), mine);
    await b.engine.flush();
    expect(await b.db.outbox.count()).toBe(0);
    expect(await b.db.failed.count()).toBe(0);
    expect(await rowsOf(mine.tx_hash)).toEqual([{ sender_id: member.id }]);

    // An attacker recording it no longer shuts its sender out: check-tip credits the one whose address sent it.
    await enqueueTip(other.writer(), mine);
    await other.engine.flush();
    expect(await other.db.failed.count()).toBe(0);
    expect(await rowsOf(mine.tx_hash)).toHaveLength(2);
  });
});
