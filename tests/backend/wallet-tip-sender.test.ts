// A tip belongs to whoever sent its transaction, and tips are limited like other writes: check-tip credits a tip
// only when the transaction came from the tipper's verified address, so an attacker who records another member's
// transaction first is refused (403, the tip removed) and its real sender is still credited; a member without a
// verified address cannot record a tip; and a member's pending tips of a day stop at forum_limits.pending_tips_per_day
// (429, nothing written past it, a request of 1,000 tips included).
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRow } from './members.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { startExplorer, type Explorer } from './support/explorer.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

type Member = Awaited<ReturnType<TestStack['newMember']>>;

const AMOUNT = '250000000000000000';
let stack: TestStack;
let explorer: Explorer;
let recipient: Member;
let recipientWallet: string;

const withWallet = (member: Member) => verifiedWallet(stack, member.id);

beforeAll(async () => {
  explorer = await startExplorer();
  stack = await startTestStack({ seed: false, wallet: { chainId: '71111', explorerUrl: explorer.url } });
  recipient = await stack.newMember();
  recipientWallet = await withWallet(recipient);
});
afterAll(async () => {
  await stack?.close();
  await explorer?.close();
});

const tipOf = (hash = '0x' + randomBytes(32).toString('hex')) => ({
  id: randomUUID(),
  recipient_id: recipient.id,
  tx_hash: hash,
  to_address: recipientWallet,
  amount_wei: AMOUNT,
  chain_id: 71111,
});

const tipsOf = async (sender: Member) =>
  Number(
    (await dbRow<{ n: string }>(stack, 'select count(*) as n from public.tips where sender_id = $1', [sender.id]))!.n,
  );
const tipsReceived = async () =>
  (await dbRow<{ tips_received: number }>(stack, 'select tips_received from public.profiles where id = $1', [
    recipient.id,
  ]))!.tips_received;
const checkTip = (client: SupabaseClient, id: string) => invokeFunction(client, 'check-tip', { tip_id: id });

describe('whose tip it is', () => {
  it('refuses an attacker who records another member’s transaction, and credits its real sender', async () => {
    const sender = await stack.newMember();
    const senderWallet = await withWallet(sender);
    const attacker = await stack.newMember();
    await withWallet(attacker);
    const before = await tipsReceived();

    // The sender's transaction is on chain; the attacker records it first, and asks for the check.
    const hash = '0x' + randomBytes(32).toString('hex');
    explorer.add(hash, {
      from: senderWallet.toLowerCase(),
      to: recipientWallet.toLowerCase(),
      value: AMOUNT,
      receipt: '1',
    });
    const stolen = tipOf(hash);
    expect((await attacker.client.from('tips').insert(stolen)).error).toBeNull();
    expect(await checkTip(attacker.client, stolen.id)).toEqual({
      status: 403,
      body: { error: 'This transaction was not sent from your verified wallet address, so it is not your tip' },
    });
    expect(await tipsOf(attacker)).toBe(0);
    expect(await tipsReceived()).toBe(before);

    // The real sender records it (the attacker's record does not stand in the way) and is credited.
    const own = tipOf(hash);
    expect((await sender.client.from('tips').insert(own)).error).toBeNull();
    expect(await checkTip(sender.client, own.id)).toEqual({ status: 200, body: { status: 'confirmed' } });
    expect(await tipsReceived()).toBe(before + 1);
  });

  it('lets the real sender record a transaction an attacker recorded first and never had checked', async () => {
    const sender = await stack.newMember();
    const senderWallet = await withWallet(sender);
    const attacker = await stack.newMember();
    await withWallet(attacker);
    const hash = '0x' + randomBytes(32).toString('hex');
    const stolen = tipOf(hash);
    expect((await attacker.client.from('tips').insert(stolen)).error).toBeNull();
    const own = tipOf(hash);
    expect((await sender.client.from('tips').insert(own)).error).toBeNull();

    explorer.add(hash, {
      from: senderWallet.toLowerCase(),
      to: recipientWallet.toLowerCase(),
      value: AMOUNT,
      receipt: '1',
    });
    expect((await checkTip(sender.client, own.id)).body).toEqual({ status: 'confirmed' });
    expect((await checkTip(attacker.client, stolen.id)).status).toBe(403);
    expect(await tipsOf(attacker)).toBe(0);
  });

  it('refuses a tip from a member with no verified address of their own, writing nothing', async () => {
    const member = await stack.newMember();
    const { error, status } = await member.client.from('tips').insert(tipOf());
    expect([status, error?.message]).toEqual([
      403,
      'Verify your own wallet address first: a tip counts only when it comes from it',
    ]);
    expect(await tipsOf(member)).toBe(0);
  });
});

describe('pending tips a day', () => {
  it('refuses 1,000 pending tips in one request with a 429, writing none', async () => {
    const member = await stack.newMember();
    await withWallet(member);
    const { error, status } = await member.client.from('tips').insert(Array.from({ length: 1000 }, () => tipOf()));
    expect(status).toBe(429);
    expect(error?.message).toMatch(/^You can have 20 tips waiting for confirmation a day\. Please wait /);
    expect(await tipsOf(member)).toBe(0);
  });

  it('records 20 pending tips, refuses the 21st, and takes one more once one of them is settled', async () => {
    const member = await stack.newMember();
    await withWallet(member);
    for (let i = 0; i < 20; i += 1) expect((await member.client.from('tips').insert(tipOf())).error).toBeNull();
    const over = await member.client.from('tips').insert(tipOf());
    expect(over.status).toBe(429);
    expect(await tipsOf(member)).toBe(20);

    await stack.db.query(
      `update public.tips set status = 'failed' where id = (select id from public.tips where sender_id = $1 limit 1)`,
      [member.id],
    );
    expect((await member.client.from('tips').insert(tipOf())).error).toBeNull();
    expect(await tipsOf(member)).toBe(21);
  });
});
