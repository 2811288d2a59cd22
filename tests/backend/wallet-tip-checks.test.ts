// Pending tips are checked again on a schedule, whoever looks: check-tip's {due: true}, for the service role only,
// claims the tips whose next check is due (claim_due_tips: 5 s, doubling, at most 30 minutes), settles the ones the
// explorer answers for, and expires the ones still pending after 3 days. The local stack runs it on a timer.
import { randomBytes, randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRow } from './members.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { waitFor } from './support/waitFor.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { startExplorer, type Explorer } from './support/explorer.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

type Member = Awaited<ReturnType<TestStack['newMember']>>;

const AMOUNT = '250000000000000000';
let explorer: Explorer;

beforeAll(async () => {
  explorer = await startExplorer();
});
afterAll(() => explorer?.close());

interface TipParties {
  stack: TestStack;
  sender: Member;
  recipient: Member;
  address: string;
  /** The sender's verified address, lowercase as the explorer gives it. */
  from: string;
}

async function parties(stack: TestStack): Promise<TipParties> {
  const sender = await stack.newMember();
  const recipient = await stack.newMember();
  const address = Wallet.createRandom().address;
  await verifiedWallet(stack, recipient.id, address);
  // A tip counts only from its sender's verified address.
  const senderAddress = Wallet.createRandom().address;
  await verifiedWallet(stack, sender.id, senderAddress);
  return { stack, sender, recipient, address, from: senderAddress.toLowerCase() };
}

/** A tip as the app records it; its hash is new to the explorer until a test adds it. */
async function recordTip({ sender, recipient, address }: TipParties): Promise<{ id: string; hash: string }> {
  const tip = {
    id: randomUUID(),
    recipient_id: recipient.id,
    tx_hash: '0x' + randomBytes(32).toString('hex'),
    to_address: address,
    amount_wei: AMOUNT,
    chain_id: 71111,
  };
  const { error } = await sender.client.from('tips').insert(tip);
  if (error) throw new Error(error.message);
  return { id: tip.id, hash: tip.tx_hash };
}

interface CheckState {
  status: string;
  attempts: number;
  /** Seconds from now to the next check. */
  next_in: number;
  /** Seconds from the last ask to the next check: the backoff, however long the test took to read it. */
  wait: number | null;
}

const checkState = async (stack: TestStack, id: string) =>
  (await dbRow<CheckState>(
    stack,
    `select status, attempts, extract(epoch from next_check_at - now())::float8 as next_in,
            extract(epoch from next_check_at - asked_at)::float8 as wait
     from public.tips where id = $1`,
    [id],
  ))!;

/** As if the tip's next check were due now. */
const makeDue = (stack: TestStack, id: string) =>
  stack.db.query(`update public.tips set next_check_at = now() - interval '1 second' where id = $1`, [id]);

/** Moves a tip's recording into the past; the guard keeps created_at, so triggers are off for this transaction. */
const recordedDaysAgo = (stack: TestStack, id: string, days: number) =>
  stack.db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    await tx.query(`update public.tips set created_at = now() - make_interval(days => $2) where id = $1`, [id, days]);
  });

const askedAbout = (hash: string) => explorer.requests.filter((q) => q.get('txhash') === hash).length;

describe('the scheduled check of pending tips', () => {
  let stack: TestStack;
  let tipping: TipParties;

  beforeAll(async () => {
    stack = await startTestStack({ seed: false, wallet: { chainId: '71111', explorerUrl: explorer.url } });
    tipping = await parties(stack);
  });
  afterAll(() => stack?.close());

  const runDue = () => invokeFunction(stack.service(), 'check-tip', { due: true });

  it('asks again only about due tips, each time waiting twice as long, and settles the ones found', async () => {
    const unseen = await recordTip(tipping);
    const found = await recordTip(tipping);
    const later = await recordTip(tipping);
    expect(await checkState(stack, unseen.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await checkState(stack, later.id)).next_in).toBeGreaterThan(0);
    explorer.add(found.hash, { from: tipping.from, to: tipping.address.toLowerCase(), value: AMOUNT, receipt: '1' });
    await makeDue(stack, unseen.id);
    await makeDue(stack, found.id);

    const first = await runDue();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ confirmed: 1, unanswered: 0 });
    expect((await checkState(stack, found.id)).status).toBe('confirmed');
    const once = await checkState(stack, unseen.id);
    expect([once.status, once.attempts]).toEqual(['pending', 1]);
    expect(once.wait).toBe(5);
    expect(once.next_in).toBeLessThanOrEqual(5);
    // Not due: not asked.
    expect(askedAbout(later.hash)).toBe(0);
    expect((await checkState(stack, later.id)).attempts).toBe(0);

    await makeDue(stack, unseen.id);
    await runDue();
    const twice = await checkState(stack, unseen.id);
    expect(twice.attempts).toBe(2);
    expect(twice.wait).toBe(10);
    expect(twice.next_in).toBeLessThanOrEqual(10);
    expect(askedAbout(unseen.hash)).toBe(2);

    // The wait stops growing at 30 minutes.
    await stack.db.query('update public.tips set attempts = 40, next_check_at = now() where id = $1', [unseen.id]);
    await runDue();
    expect((await checkState(stack, unseen.id)).wait).toBe(1800);
  });

  it('expires a tip still pending after 3 days, which never counts, whatever the explorer says later', async () => {
    const old = await recordTip(tipping);
    await recordedDaysAgo(stack, old.id, 4);
    await runDue();
    expect((await checkState(stack, old.id)).status).toBe('expired');
    expect(askedAbout(old.hash)).toBe(0);
    explorer.add(old.hash, { from: tipping.from, to: tipping.address.toLowerCase(), value: AMOUNT, receipt: '1' });
    const asked = await invokeFunction(tipping.sender.client, 'check-tip', { tip_id: old.id });
    expect(asked).toEqual({ status: 200, body: { status: 'expired' } });
    const settled = await stack.service().rpc('settle_tip', { p_tip: old.id, p_status: 'confirmed' });
    expect(settled.data).toBe('expired');
    expect((await checkState(stack, old.id)).status).toBe('expired');
  });

  it('refuses the due run to a member and claim_due_tips to members, changing nothing', async () => {
    const tip = await recordTip(tipping);
    await makeDue(stack, tip.id);
    expect(await invokeFunction(tipping.sender.client, 'check-tip', { due: true })).toEqual({
      status: 403,
      body: { error: 'Only the service role may check the due tips' },
    });
    const claimed = await tipping.sender.client.rpc('claim_due_tips', { p_limit: 20 });
    expect(claimed.error?.code).toBe('42501');
    expect(await checkState(stack, tip.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(askedAbout(tip.hash)).toBe(0);
    // A member cannot write the backoff either.
    const edited = await tipping.sender.client.from('tips').update({ attempts: 99 }).eq('id', tip.id).select('id');
    expect(edited.error?.code).toBe('42501');
    expect((await checkState(stack, tip.id)).attempts).toBe(0);
  });

  it('answers a claim of too many tips at once with 22023', async () => {
    const claimed = await stack.service().rpc('claim_due_tips', { p_limit: 1000 });
    expect([claimed.error?.code, claimed.error?.message]).toEqual(['22023', 'Claim between 1 and 100 tips at a time']);
  });
});

describe('the local stack’s timer', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      seed: false,
      checkTips: true,
      wallet: { chainId: '71111', explorerUrl: explorer.url },
    });
  });
  afterAll(() => stack?.close());

  it('settles a tip the explorer first had not seen, with nobody asking', async () => {
    const tipping = await parties(stack);
    const tip = await recordTip(tipping);
    await waitFor(
      () => Promise.resolve(askedAbout(tip.hash)),
      (n) => n >= 1,
      'the first scheduled check',
      30_000,
    );
    expect((await checkState(stack, tip.id)).status).toBe('pending');
    explorer.add(tip.hash, { from: tipping.from, to: tipping.address.toLowerCase(), value: AMOUNT, receipt: '1' });
    await waitFor(
      () => checkState(stack, tip.id),
      (s) => s.status === 'confirmed',
      'the tip confirmed',
      30_000,
    );
    const count = await dbRow<{ tips_received: number }>(
      stack,
      'select tips_received from public.profiles where id = $1',
      [tipping.recipient.id],
    );
    expect(count?.tips_received).toBe(1);
  });
});
