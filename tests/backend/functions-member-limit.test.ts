// One member's flood of Edge Function calls leaves the others' calls alone: a member has at most 4 calls in flight
// (past them a 429 in the functions' shape, with Retry-After), and a running function's own requests back to /rest/v1
// and /auth/v1 take their turns at the database as the member it runs for, never behind everyone's on the server's
// own address. Every client here is 127.0.0.1, as the functions' own requests are.
import { randomBytes, randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTip } from '../../src/backend/wallet.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { waitFor } from './support/waitFor.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { startExplorer, type Explorer } from './support/explorer.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

type Member = Awaited<ReturnType<TestStack['newMember']>>;

const AMOUNT = '250000000000000000';
let stack: TestStack;
let explorer: Explorer;
let flooder: Member;
let honest: Member;
let recipient: Member;
let recipientWallet: string;
const wallets = new Map<string, string>();

beforeAll(async () => {
  explorer = await startExplorer();
  // The stack's own turns at the database (fairQueueDefaults), as `npm start` runs them.
  stack = await startTestStack({ seed: false, wallet: { chainId: '71111', explorerUrl: explorer.url } });
  [flooder, honest, recipient] = [await stack.newMember(), await stack.newMember(), await stack.newMember()];
  recipientWallet = Wallet.createRandom().address;
  await verifiedWallet(stack, recipient.id, recipientWallet);
  for (const member of [flooder, honest]) {
    const address = Wallet.createRandom().address;
    wallets.set(member.id, address.toLowerCase());
    await verifiedWallet(stack, member.id, address);
  }
});
afterAll(async () => {
  await stack?.close();
  await explorer?.close();
});

/** A tip the member records, whose transaction the explorer shows as it should be: checking it confirms it. */
async function sentTip(member: Member): Promise<{ id: string; hash: string }> {
  const tip = {
    id: randomUUID(),
    recipient_id: recipient.id,
    tx_hash: '0x' + randomBytes(32).toString('hex'),
    to_address: recipientWallet,
    amount_wei: AMOUNT,
    chain_id: 71111,
  };
  const { error } = await member.client.from('tips').insert(tip);
  if (error) throw new Error(error.message);
  explorer.add(tip.tx_hash, {
    from: wallets.get(member.id)!,
    to: recipientWallet.toLowerCase(),
    value: AMOUNT,
    receipt: '1',
  });
  return { id: tip.id, hash: tip.tx_hash };
}

interface RawAnswer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** check-tip as the app's supabase-js calls it, with the answer's headers. */
async function rawCheck(member: Member, tipId: string): Promise<RawAnswer> {
  const { data } = await member.client.auth.getSession();
  const response = await fetch(`${stack.url}/functions/v1/check-tip`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${data.session!.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ tip_id: tipId }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

const TOO_MANY = {
  code: 429,
  message: 'Too many function calls in flight from this member: at most 4 at once; retry in 1 s',
};

describe('Edge Function calls per member', () => {
  it('answers another member’s call with its verdict while one member has 200 calls in flight', async () => {
    const flooded = await sentTip(flooder);
    const tip = await sentTip(honest);
    const flood = Array.from({ length: 200 }, () => rawCheck(flooder, flooded.id));
    const answer = await invokeFunction(honest.client, 'check-tip', { tip_id: tip.id });
    const answers = await Promise.all(flood);

    expect(answer).toEqual({ status: 200, body: { status: 'confirmed' } });
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((a) => JSON.stringify([a.retryAfter, a.body])))).toEqual(
      new Set([JSON.stringify(['1', TOO_MANY])]),
    );
    // Every call let in answered its verdict: none was refused as signed out, none failed.
    const others = answers.filter((a) => a.status !== 429);
    expect(new Set(others.map((a) => a.status))).toEqual(new Set([200]));
    expect(others.some((a) => JSON.stringify(a.body) === JSON.stringify({ status: 'confirmed' }))).toBe(true);
  });

  it('lets a member run 4 calls at once, refuses the 5th with a 429, and lets them in again as calls end', async () => {
    const tips = await Promise.all([1, 2, 3, 4, 5].map(() => sentTip(flooder)));
    for (const tip of tips) explorer.hold(tip.hash);
    const asked = explorer.requests.length;
    const running = tips.slice(0, 4).map((tip) => rawCheck(flooder, tip.id));
    // All 4 are with the explorer, each past its sign-in check and its reads.
    await waitFor(
      async () => explorer.requests.length - asked,
      (n) => n === 4,
      '4 check-tip calls to ask the explorer',
    );

    expect(await rawCheck(flooder, tips[4]!.id)).toEqual({ status: 429, retryAfter: '1', body: TOO_MANY });
    // The app's call says why, in the refusal's own words.
    await expect(checkTip(flooder.client, tips[4]!.id)).rejects.toMatchObject({
      status: 429,
      message: TOO_MANY.message,
    });
    // Another member is not held back by them.
    const other = await sentTip(honest);
    expect(await invokeFunction(honest.client, 'check-tip', { tip_id: other.id })).toEqual({
      status: 200,
      body: { status: 'confirmed' },
    });

    explorer.release();
    expect((await Promise.all(running)).map((a) => [a.status, a.body])).toEqual(
      Array.from({ length: 4 }, () => [200, { status: 'confirmed' }]),
    );
    expect(await rawCheck(flooder, tips[4]!.id)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'confirmed' },
    });
  });

  it('answers every call of 30 members with 4 each in flight, past the 100 requests one address may have waiting', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => stack.newMember()));
    for (const member of members) {
      const address = Wallet.createRandom().address;
      wallets.set(member.id, address.toLowerCase());
      await verifiedWallet(stack, member.id, address);
    }
    const tips = await Promise.all(members.map(async (member) => ({ member, tip: await sentTip(member) })));
    // Each call's own requests wait as its member's, not all 120 calls' on the server's one address.
    const answers = await Promise.all(
      tips.flatMap(({ member, tip }) => [1, 2, 3, 4].map(() => rawCheck(member, tip.id))),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
  });
});
