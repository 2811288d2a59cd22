// check-tip against an explorer that answers as an attacker's would: a redirect to an address only the server can
// reach is never followed, an answer past 64 KiB is cut as it streams in, and a body that never ends stops at the
// time bound. Each is a 502 the app already shows, and the tip stays pending.
import { randomBytes, randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/check-tip/handler.ts';
import { dbRow } from './members.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { HUGE_ANSWER_BYTES, startExplorer, type Explorer, type ExplorerTransaction } from './support/explorer.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

type Member = Awaited<ReturnType<TestStack['newMember']>>;

const AMOUNT = '250000000000000000';
let stack: TestStack;
let explorer: Explorer;
/** A service on the server's own network that speaks the explorer's protocol: what a redirect would reach. */
let internal: Explorer;
let sender: Member;
let recipientId: string;
let recipientWallet: string;
const senderWallet = Wallet.createRandom().address;

beforeAll(async () => {
  explorer = await startExplorer();
  internal = await startExplorer();
  stack = await startTestStack({ seed: false, wallet: { chainId: '71111', explorerUrl: explorer.url } });
  sender = await stack.newMember();
  const recipient = await stack.newMember();
  recipientId = recipient.id;
  recipientWallet = Wallet.createRandom().address;
  await verifiedWallet(stack, recipient.id, recipientWallet);
  await verifiedWallet(stack, sender.id, senderWallet);
});
afterAll(async () => {
  await stack?.close();
  await explorer?.close();
  await internal?.close();
});

async function recordTip(): Promise<{ id: string; hash: string }> {
  const tip = {
    id: randomUUID(),
    recipient_id: recipientId,
    tx_hash: '0x' + randomBytes(32).toString('hex'),
    to_address: recipientWallet,
    amount_wei: AMOUNT,
    chain_id: 71111,
  };
  const { error } = await sender.client.from('tips').insert(tip);
  if (error) throw new Error(error.message);
  return { id: tip.id, hash: tip.tx_hash };
}

/** The transaction as the tip says it went: an honest explorer would confirm it. */
const transaction = (): ExplorerTransaction => ({
  from: senderWallet.toLowerCase(),
  to: recipientWallet.toLowerCase(),
  value: AMOUNT,
  receipt: '1',
});

const tipStatus = async (id: string) =>
  (await dbRow<{ status: string }>(stack, 'select status from public.tips where id = $1', [id]))!.status;

describe('check-tip and a hostile explorer', () => {
  it('does not follow a redirect, to an internal address or any other, and answers 502', async () => {
    const tip = await recordTip();
    // The internal service would confirm the tip if the redirect were followed.
    internal.add(tip.hash, transaction());
    explorer.fail({ redirectTo: internal.url });
    try {
      expect(await invokeFunction(sender.client, 'check-tip', { tip_id: tip.id })).toEqual({
        status: 502,
        body: { error: 'Could not check the tip: The block explorer answered with a redirect, which is not followed' },
      });
    } finally {
      explorer.fail(undefined);
    }
    expect(internal.requests).toEqual([]);
    expect(await tipStatus(tip.id)).toBe('pending');
  });

  it('cuts a 300 MB answer at 64 KiB as it streams in, and the server barely grows', async () => {
    const tip = await recordTip();
    explorer.add(tip.hash, transaction());
    explorer.fail('huge');
    const rssBefore = process.memoryUsage().rss;
    try {
      expect(await invokeFunction(sender.client, 'check-tip', { tip_id: tip.id })).toEqual({
        status: 502,
        body: { error: 'Could not check the tip: The block explorer’s answer was larger than 64 KiB' },
      });
    } finally {
      explorer.fail(undefined);
    }
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    expect(grownMb).toBeLessThan(50);
    // What the sockets' buffers took before the server stopped reading; the rest was never sent.
    expect(explorer.hugeBytesSent()).toBeLessThan(HUGE_ANSWER_BYTES / 10);
    expect(await tipStatus(tip.id)).toBe('pending');
  });

  it('ends an answer whose body never ends at the time bound, headers and body together', async () => {
    const tip = await recordTip();
    explorer.add(tip.hash, transaction());
    explorer.fail('stalledBody');
    const env: Record<string, string> = {
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceKey,
      WALLET_EXPLORER_URL: explorer.url,
    };
    const handler = createHandler((name) => env[name], { explorerTimeoutMs: 500 });
    const { data } = await sender.client.auth.getSession();
    const started = performance.now();
    try {
      const response = await handler(
        new Request(`${stack.url}/functions/v1/check-tip`, {
          method: 'POST',
          headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tip_id: tip.id }),
        }),
      );
      expect([response.status, await response.json()]).toEqual([
        502,
        { error: 'Could not check the tip: The block explorer did not answer in time' },
      ]);
    } finally {
      explorer.fail(undefined);
    }
    // The bound is the whole exchange's: the headers came at once, and the body's wait ended with the same 500 ms.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await tipStatus(tip.id)).toBe('pending');
  });
});
