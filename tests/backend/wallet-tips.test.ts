// check-tip through the local stack's /functions/v1, against an explorer fixture on 127.0.0.1: a tip counts only
// when its transaction went to the tip's address with exactly its amount and succeeded; a forged hash never counts,
// and an explorer that fails leaves the tip as it was.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/check-tip/handler.ts';
import { dbRow } from './members.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { startExplorer, type Explorer, type ExplorerTransaction } from './support/explorer.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

type Member = Awaited<ReturnType<TestStack['newMember']>>;

let stack: TestStack;
let explorer: Explorer;
let sender: Member;
let recipient: Member;
let recipientWallet: string;
const senderWallet = Wallet.createRandom().address;

beforeAll(async () => {
  explorer = await startExplorer();
  stack = await startTestStack({ seed: false, wallet: { chainId: '71111', explorerUrl: explorer.url } });
  sender = await stack.newMember();
  recipient = await stack.newMember();
  recipientWallet = Wallet.createRandom().address;
  await verifiedWallet(stack, recipient.id, recipientWallet);
  // A tip counts only from its sender's verified address.
  await verifiedWallet(stack, sender.id, senderWallet);
});
afterAll(async () => {
  await stack?.close();
  await explorer?.close();
});

const checkTip = (client: SupabaseClient, body: unknown) => invokeFunction(client, 'check-tip', body);

/** A tip the sender records, as the app does after eth_sendTransaction; its hash is new to the explorer. */
async function recordTip(amountWei = '250000000000000000', chainId = 71111): Promise<{ id: string; hash: string }> {
  const tip = {
    id: randomUUID(),
    sender_id: sender.id,
    recipient_id: recipient.id,
    tx_hash: '0x' + randomBytes(32).toString('hex'),
    to_address: recipientWallet,
    amount_wei: amountWei,
    chain_id: chainId,
  };
  const { error } = await sender.client.from('tips').insert(tip);
  if (error) throw new Error(error.message);
  return { id: tip.id, hash: tip.tx_hash };
}

/** The explorer's view of a transaction that went as the tip says, with the changes a test makes. */
const onChain = (amountWei: string, changes: Partial<ExplorerTransaction> = {}): ExplorerTransaction => ({
  from: senderWallet.toLowerCase(),
  to: recipientWallet.toLowerCase(),
  value: amountWei,
  receipt: '1',
  ...changes,
});

const tipState = async (id: string) =>
  (await dbRow<{ status: string; checked_at: Date | null }>(
    stack,
    'select status, checked_at from public.tips where id = $1',
    [id],
  ))!;
/** As if check-tip had last asked the explorer about the tip that long ago. */
const askedSecondsAgo = (id: string, seconds: number) =>
  stack.db.query('update public.tips set asked_at = now() - make_interval(secs => $2) where id = $1', [id, seconds]);
const askedAbout = (hash: string) => explorer.requests.filter((q) => q.get('txhash') === hash).length;

const tipsReceived = async () =>
  (await dbRow<{ tips_received: number }>(stack, 'select tips_received from public.profiles where id = $1', [
    recipient.id,
  ]))!.tips_received;

describe('check-tip', () => {
  it('confirms a tip the explorer shows sent to the address with its exact amount and succeeded, once', async () => {
    const before = await tipsReceived();
    const tip = await recordTip();
    explorer.add(tip.hash, onChain('250000000000000000'));
    expect(await checkTip(sender.client, { tip_id: tip.id })).toEqual({ status: 200, body: { status: 'confirmed' } });
    expect((await tipState(tip.id)).status).toBe('confirmed');
    expect((await tipState(tip.id)).checked_at).not.toBeNull();
    expect(await tipsReceived()).toBe(before + 1);
    const read = await stack.anon().from('profiles').select('tips_received').eq('id', recipient.id);
    expect(read.data).toEqual([{ tips_received: before + 1 }]);

    // A settled tip is answered from the database: no explorer call, and it counts once.
    const asked = explorer.requests.length;
    expect(await checkTip(recipient.client, { tip_id: tip.id })).toEqual({
      status: 200,
      body: { status: 'confirmed' },
    });
    expect(explorer.requests.length).toBe(asked);
    expect(await tipsReceived()).toBe(before + 1);
  });

  it('asks the explorer as Blockscout serves the Etherscan API', async () => {
    const tip = await recordTip();
    explorer.add(tip.hash, onChain('250000000000000000'));
    const asked = explorer.requests.length;
    await checkTip(sender.client, { tip_id: tip.id });
    expect(explorer.requests.slice(asked).map((q) => Object.fromEntries(q))).toEqual([
      { module: 'transaction', action: 'gettxinfo', txhash: tip.hash },
      { module: 'transaction', action: 'gettxreceiptstatus', txhash: tip.hash },
    ]);
  });

  it('compares amounts past a JavaScript number’s precision exactly', async () => {
    const amount = (10n ** 30n + 1n).toString();
    const exact = await recordTip(amount);
    explorer.add(exact.hash, onChain(amount));
    expect((await checkTip(sender.client, { tip_id: exact.id })).body).toEqual({ status: 'confirmed' });
    const off = await recordTip(amount);
    explorer.add(off.hash, onChain((10n ** 30n).toString()));
    expect((await checkTip(sender.client, { tip_id: off.id })).body).toEqual({ status: 'failed' });
  });

  it.each([
    ['a failed receipt', { receipt: '0' as const }],
    ['another value', { value: '250000000000000001' }],
    ['another recipient', { to: Wallet.createRandom().address.toLowerCase() }],
  ])('fails a tip whose transaction has %s, and it never counts', async (_, changes) => {
    const before = await tipsReceived();
    const tip = await recordTip();
    explorer.add(tip.hash, onChain('250000000000000000', changes));
    expect(await checkTip(sender.client, { tip_id: tip.id })).toEqual({ status: 200, body: { status: 'failed' } });
    expect((await tipState(tip.id)).status).toBe('failed');
    // The explorer changing its mind later changes nothing: a settled tip stays.
    explorer.add(tip.hash, onChain('250000000000000000'));
    expect((await checkTip(sender.client, { tip_id: tip.id })).body).toEqual({ status: 'failed' });
    expect(await tipsReceived()).toBe(before);
  });

  it('leaves a forged hash pending and uncounted, and a transaction without a receipt pending until it has one', async () => {
    const before = await tipsReceived();
    const forged = await recordTip();
    expect(await checkTip(sender.client, { tip_id: forged.id })).toEqual({ status: 200, body: { status: 'pending' } });
    expect(await tipState(forged.id)).toEqual({ status: 'pending', checked_at: null });

    const waiting = await recordTip();
    explorer.add(waiting.hash, onChain('250000000000000000', { receipt: '' }));
    expect((await checkTip(sender.client, { tip_id: waiting.id })).body).toEqual({ status: 'pending' });
    expect(await tipsReceived()).toBe(before);
    explorer.add(waiting.hash, onChain('250000000000000000'));
    await askedSecondsAgo(waiting.id, 3);
    expect((await checkTip(sender.client, { tip_id: waiting.id })).body).toEqual({ status: 'confirmed' });
    expect(await tipsReceived()).toBe(before + 1);
  });

  it('asks the explorer about a pending tip at most once in 2 s, however often it is called', async () => {
    const forged = await recordTip();
    const answers = await Promise.all([1, 2, 3].map(() => checkTip(sender.client, { tip_id: forged.id })));
    expect(answers.map((a) => a.body)).toEqual([{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }]);
    expect(askedAbout(forged.hash)).toBe(1);
    // Asked just now, whatever the three calls took on a busy machine: only this call's own time counts.
    await askedSecondsAgo(forged.id, 0);
    expect((await checkTip(recipient.client, { tip_id: forged.id })).body).toEqual({ status: 'pending' });
    expect(askedAbout(forged.hash)).toBe(1);

    await askedSecondsAgo(forged.id, 3);
    expect((await checkTip(sender.client, { tip_id: forged.id })).body).toEqual({ status: 'pending' });
    expect(askedAbout(forged.hash)).toBe(2);
  });

  it('fails a tip recorded on another chain than the explorer’s', async () => {
    const tip = await recordTip('250000000000000000', 1500);
    explorer.add(tip.hash, onChain('250000000000000000'));
    expect((await checkTip(sender.client, { tip_id: tip.id })).body).toEqual({ status: 'failed' });
  });

  it.each([
    ['answers 500', 'http500' as const, 'Could not check the tip: The block explorer answered 500'],
    [
      'answers a body that is not JSON',
      'malformed' as const,
      'Could not check the tip: The block explorer answered something that is not JSON',
    ],
    [
      'answers JSON of another shape',
      'wrongShape' as const,
      'Could not check the tip: The block explorer’s answer to gettxinfo was not understood',
    ],
  ])('answers 502 when the explorer %s, and the tip stays as it was', async (_, failure, error) => {
    const before = await tipsReceived();
    const tip = await recordTip();
    explorer.add(tip.hash, onChain('250000000000000000'));
    explorer.fail(failure);
    try {
      expect(await checkTip(sender.client, { tip_id: tip.id })).toEqual({ status: 502, body: { error } });
    } finally {
      explorer.fail(undefined);
    }
    expect(await tipState(tip.id)).toEqual({ status: 'pending', checked_at: null });
    expect(await tipsReceived()).toBe(before);
  });

  it('answers 502 when the explorer does not answer in time, and the tip stays as it was', async () => {
    const tip = await recordTip();
    explorer.add(tip.hash, onChain('250000000000000000'));
    explorer.fail('silent');
    try {
      const handler = handlerWith({ WALLET_EXPLORER_URL: explorer.url }, 300);
      const response = await handler(await request({ tip_id: tip.id }));
      expect([response.status, await response.json()]).toEqual([
        502,
        { error: 'Could not check the tip: The block explorer did not answer in time' },
      ]);
    } finally {
      explorer.fail(undefined);
    }
    expect(await tipState(tip.id)).toEqual({ status: 'pending', checked_at: null });
  });

  it('answers malformed bodies with 400, an unknown tip with 404 and a visitor with 401', async () => {
    const cases: [unknown, string][] = [
      [{}, 'tip_id must be the id of a tip (a UUID)'],
      [{ tip_id: 'not-a-uuid' }, 'tip_id must be the id of a tip (a UUID)'],
      [{ tip_id: 7 }, 'tip_id must be the id of a tip (a UUID)'],
      [[randomUUID()], 'The body must be a JSON object: {tip_id}'],
      ['text', 'The body must be JSON: {tip_id}'],
    ];
    for (const [body, error] of cases) {
      expect([body, await checkTip(sender.client, body)]).toEqual([body, { status: 400, body: { error } }]);
    }
    expect(await checkTip(sender.client, { tip_id: randomUUID() })).toEqual({
      status: 404,
      body: { error: 'No such tip' },
    });
    const tip = await recordTip();
    expect(await checkTip(stack.anon(), { tip_id: tip.id })).toEqual({
      status: 401,
      body: { error: 'Sign in to check a tip' },
    });
  });
});

/** The handler itself, as the stack runs it, with settings a test chooses: a short timeout, another explorer. */
function handlerWith(settings: Record<string, string>, explorerTimeoutMs = 10_000) {
  const env: Record<string, string> = {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
    ...settings,
  };
  return createHandler((name) => env[name], { explorerTimeoutMs });
}

async function request(body: unknown): Promise<Request> {
  const { data } = await sender.client.auth.getSession();
  return new Request(`${stack.url}/functions/v1/check-tip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.session?.access_token ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
