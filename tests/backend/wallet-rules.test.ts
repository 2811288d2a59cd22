// The database rules of verified wallet addresses and tips, both ways, through supabase-js: what members
// may write and read, what only the service role may call, and the count of confirmed tips.
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { verifiedWallet } from './support/verifiedWallet.ts';

let stack: TestStack;
let sender: TestMember;
let recipient: TestMember;
let unverified: TestMember;
let stranger: TestMember;

const address = () => getAddress('0x' + randomBytes(20).toString('hex'));
const txHash = () => '0x' + randomBytes(32).toString('hex');

const verify = (member: TestMember) => verifiedWallet(stack, member.id, address());

const walletOf = async (id: string) =>
  (await dbRow<{ wallet_address: string | null; wallet_verified: boolean; tips_received: number; updated_at: Date }>(
    stack,
    'select wallet_address, wallet_verified, tips_received, updated_at from public.profiles where id = $1',
    [id],
  ))!;
const tipsWithHash = async (hash: string) =>
  Number(
    (await dbRow<{ n: string }>(stack, 'select count(*) as n from public.tips where tx_hash = lower($1)', [hash]))!.n,
  );

let recipientWallet: string;
let walletOfSender: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  sender = await createMember(stack);
  recipient = await createMember(stack);
  unverified = await createMember(stack);
  stranger = await createMember(stack);
  walletOfSender = await verify(sender);
  recipientWallet = await verify(recipient);
  await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [unverified.id, address()]);
});
afterAll(async () => {
  await stack?.close();
});

const tipRow = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  sender_id: sender.id,
  recipient_id: recipient.id,
  tx_hash: txHash(),
  to_address: recipientWallet,
  amount_wei: '1000000000000000000',
  chain_id: 71111,
  ...overrides,
});

describe('the proof and the count on a profile', () => {
  it('lets a visitor and a member read wallet_verified and tips_received', async () => {
    for (const client of [stack.anon(), stranger.client]) {
      const { data, error } = await client
        .from('profiles')
        .select('id,wallet_address,wallet_verified,tips_received')
        .eq('id', recipient.id);
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: recipient.id, wallet_address: recipientWallet, wallet_verified: true, tips_received: 0 },
      ]);
    }
  });

  it('refuses a member who sets their own proof or count, and changes nothing', async () => {
    for (const change of [{ wallet_verified: true }, { tips_received: 99 }]) {
      const { error, status } = await unverified.client.from('profiles').update(change).eq('id', unverified.id);
      expect([error?.code, status]).toEqual(['42501', 403]);
    }
    const { error } = await unverified.client
      .from('profiles')
      .update({ bio: 'Proven, honestly', wallet_verified: true })
      .eq('id', unverified.id);
    expect(error?.code).toBe('42501');
    const after = await walletOf(unverified.id);
    expect([after.wallet_verified, after.tips_received]).toEqual([false, 0]);
    expect(
      (await dbRow<{ bio: string | null }>(stack, 'select bio from public.profiles where id = $1', [unverified.id]))!
        .bio,
    ).toBeNull();
  });

  it('keeps the proof through other edits and the same address in another casing, and drops it with a new address', async () => {
    const member = await createMember(stack);
    const wallet = await verify(member);
    expect((await member.client.from('profiles').update({ bio: 'Hello' }).eq('id', member.id)).error).toBeNull();
    expect((await walletOf(member.id)).wallet_verified).toBe(true);
    const recased = ' ' + wallet.toUpperCase().replace('0X', '0x') + ' ';
    expect(
      (await member.client.from('profiles').update({ wallet_address: recased }).eq('id', member.id)).error,
    ).toBeNull();
    expect((await walletOf(member.id)).wallet_verified).toBe(true);
    const { error } = await member.client.from('profiles').update({ wallet_address: address() }).eq('id', member.id);
    expect(error).toBeNull();
    expect((await walletOf(member.id)).wallet_verified).toBe(false);
    await verify(member);
    expect(
      (await member.client.from('profiles').update({ wallet_address: null }).eq('id', member.id)).error,
    ).toBeNull();
    expect((await walletOf(member.id)).wallet_verified).toBe(false);
  });

  it('lets the server write the proof without moving updated_at', async () => {
    const member = await createMember(stack);
    const wallet = address();
    await member.client.from('profiles').update({ wallet_address: wallet }).eq('id', member.id);
    const before = await walletOf(member.id);
    const { data, error } = await stack
      .service()
      .rpc('mark_wallet_verified', { p_user: member.id, p_address: wallet.toUpperCase().replace('0X', '0x') });
    expect([data, error]).toEqual([true, null]);
    const after = await walletOf(member.id);
    expect(after.wallet_verified).toBe(true);
    expect(after.updated_at).toEqual(before.updated_at);
    expect((await stack.service().rpc('mark_wallet_verified', { p_user: member.id, p_address: address() })).data).toBe(
      false,
    );
  });
});

describe('the service role’s functions', () => {
  it('refuses the service role’s functions to members, and they change nothing', async () => {
    const member = await createMember(stack);
    const wallet = address();
    await member.client.from('profiles').update({ wallet_address: wallet }).eq('id', member.id);
    const nonce = (await stack.anon().rpc('siwe_nonce')).data as string;
    const tip = tipRow();
    expect((await sender.client.from('tips').insert(tip)).error).toBeNull();
    const calls = [
      member.client.rpc('take_siwe_nonce', { p_nonce: nonce }),
      member.client.rpc('mark_wallet_verified', { p_user: member.id, p_address: wallet }),
      recipient.client.rpc('settle_tip', { p_tip: tip.id, p_status: 'confirmed' }),
      stack.anon().rpc('settle_tip', { p_tip: tip.id, p_status: 'confirmed' }),
    ];
    for (const { error, status } of await Promise.all(calls)) {
      expect(error?.code).toBe('42501');
      expect([401, 403]).toContain(status);
    }
    expect(await dbRow(stack, 'select used_at from public.siwe_nonces where nonce = $1', [nonce])).toEqual({
      used_at: null,
    });
    expect((await walletOf(member.id)).wallet_verified).toBe(false);
    expect(await dbRow(stack, 'select status from public.tips where id = $1', [tip.id])).toEqual({ status: 'pending' });
    expect((await walletOf(recipient.id)).tips_received).toBe(0);
  });
});

describe('recording a tip', () => {
  it('records a member’s tip to another member’s proven address, pending, with its hash in lowercase', async () => {
    const hash = '0x' + randomBytes(32).toString('hex').toUpperCase();
    const tip = tipRow({ tx_hash: hash, to_address: recipientWallet.toUpperCase().replace('0X', '0x') });
    const { data, error } = await sender.client
      .from('tips')
      .insert(tip)
      .select('id,tx_hash,status,checked_at,amount_wei');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: tip.id, tx_hash: hash.toLowerCase(), status: 'pending', checked_at: null, amount_wei: 1e18 },
    ]);
  });

  it.each([
    [
      'a tip to oneself',
      () => tipRow({ recipient_id: sender.id, to_address: walletOfSender }),
      'You cannot tip yourself',
    ],
    [
      'a tip to a member without a proven address',
      () => tipRow({ recipient_id: unverified.id }),
      'This member has no verified wallet address',
    ],
    [
      'a tip to another address than the member’s proven one',
      () => tipRow({ to_address: address() }),
      'A tip must go to the member’s verified wallet address'.replace('’', "'"),
    ],
    [
      'a tip recorded as someone else',
      () => tipRow({ sender_id: stranger.id }),
      'You can only record tips you sent yourself',
    ],
    [
      'a hash that is not a transaction hash',
      () => tipRow({ tx_hash: '0x1234' }),
      'A transaction hash is 0x followed by 64 hexadecimal digits',
    ],
  ])('refuses %s, writing nothing', async (_, row, message) => {
    const tip = row();
    const { error, status } = await sender.client.from('tips').insert(tip);
    expect(error?.message).toBe(message);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await tipsWithHash(tip.tx_hash)).toBe(0);
  });

  it('refuses a tip whose status or check time the member sets, writing nothing', async () => {
    for (const extra of [{ status: 'confirmed' }, { checked_at: new Date().toISOString() }]) {
      const tip = tipRow(extra);
      const { error, status } = await sender.client.from('tips').insert(tip);
      expect([error?.code, status]).toEqual(['42501', 403]);
      expect(await tipsWithHash(tip.tx_hash)).toBe(0);
    }
  });

  it('refuses a zero amount and a visitor’s tip, writing nothing', async () => {
    const zero = tipRow({ amount_wei: '0' });
    expect((await sender.client.from('tips').insert(zero)).status).toBe(400);
    const anonymous = tipRow();
    expect((await stack.anon().from('tips').insert(anonymous)).status).toBe(401);
    expect(await tipsWithHash(zero.tx_hash)).toBe(0);
    expect(await tipsWithHash(anonymous.tx_hash)).toBe(0);
  });

  it('refuses a second tip with the same transaction hash (409), in any casing', async () => {
    const tip = tipRow();
    expect((await sender.client.from('tips').insert(tip)).error).toBeNull();
    const again = tipRow({ tx_hash: tip.tx_hash.toUpperCase().replace('0X', '0x') });
    const { error, status } = await sender.client.from('tips').insert(again);
    expect([error?.code, status]).toEqual(['23505', 409]);
    expect(await tipsWithHash(tip.tx_hash)).toBe(1);
  });

  it('lets no member change or delete a tip', async () => {
    const tip = tipRow();
    await sender.client.from('tips').insert(tip);
    for (const client of [sender.client, recipient.client]) {
      expect((await client.from('tips').update({ status: 'confirmed' }).eq('id', tip.id)).error?.code).toBe('42501');
      expect((await client.from('tips').update({ amount_wei: '5' }).eq('id', tip.id)).error?.code).toBe('42501');
      expect((await client.from('tips').delete().eq('id', tip.id)).error?.code).toBe('42501');
    }
    expect(
      await dbRow(stack, 'select status, amount_wei::text as amount from public.tips where id = $1', [tip.id]),
    ).toEqual({ status: 'pending', amount: '1000000000000000000' });
  });
});

describe('who sees a tip', () => {
  it('shows a pending tip to its sender and recipient only, and a confirmed one to everyone', async () => {
    const tip = tipRow();
    await sender.client.from('tips').insert(tip);
    const seen = async () => {
      const result: boolean[] = [];
      for (const client of [sender.client, recipient.client, stranger.client, stack.anon()]) {
        const { data, error } = await client.from('tips').select('id').eq('id', tip.id);
        expect(error).toBeNull();
        result.push(data!.length === 1);
      }
      return result;
    };
    expect(await seen()).toEqual([true, true, false, false]);
    await stack.service().rpc('settle_tip', { p_tip: tip.id, p_status: 'confirmed' });
    expect(await seen()).toEqual([true, true, true, true]);
  });
});

describe('settling tips and counting them', () => {
  it('counts confirmed tips only, once each, and a settled tip never changes again', async () => {
    const member = await createMember(stack);
    await verify(member);
    const wallet = (await walletOf(member.id)).wallet_address!;
    const before = await walletOf(member.id);
    const tips = [1, 2, 3].map(() => tipRow({ recipient_id: member.id, to_address: wallet }));
    for (const tip of tips) expect((await sender.client.from('tips').insert(tip)).error).toBeNull();
    expect((await walletOf(member.id)).tips_received).toBe(0);
    const service = stack.service();
    expect((await service.rpc('settle_tip', { p_tip: tips[0]!.id, p_status: 'confirmed' })).data).toBe('confirmed');
    expect((await service.rpc('settle_tip', { p_tip: tips[1]!.id, p_status: 'failed' })).data).toBe('failed');
    expect((await walletOf(member.id)).tips_received).toBe(1);
    // Settling again answers the settled status and changes nothing.
    expect((await service.rpc('settle_tip', { p_tip: tips[0]!.id, p_status: 'failed' })).data).toBe('confirmed');
    expect((await service.rpc('settle_tip', { p_tip: tips[1]!.id, p_status: 'confirmed' })).data).toBe('failed');
    expect((await walletOf(member.id)).tips_received).toBe(1);
    const direct = await service.from('tips').update({ status: 'pending' }).eq('id', tips[0]!.id);
    expect(direct.error?.message).toBe('This tip is already settled as confirmed');
    expect((await service.rpc('settle_tip', { p_tip: tips[2]!.id, p_status: 'confirmed' })).data).toBe('confirmed');
    expect((await walletOf(member.id)).tips_received).toBe(2);
    // The count is the server's: the profile's updated_at stays.
    expect((await walletOf(member.id)).updated_at).toEqual(before.updated_at);
    await stack.db.query('delete from public.tips where id = $1', [tips[0]!.id]);
    expect((await walletOf(member.id)).tips_received).toBe(1);
    await stack.db.query('delete from public.tips where id = $1', [tips[1]!.id]);
    expect((await walletOf(member.id)).tips_received).toBe(1);
  });

  it('refuses to settle an unknown tip or as another status (400), changing nothing', async () => {
    const tip = tipRow();
    await sender.client.from('tips').insert(tip);
    const service = stack.service();
    const wrong = await service.rpc('settle_tip', { p_tip: tip.id, p_status: 'pending' });
    expect([wrong.status, wrong.error?.message]).toEqual([400, 'A tip is settled as confirmed or failed']);
    const unknown = await service.rpc('settle_tip', { p_tip: randomUUID(), p_status: 'confirmed' });
    expect([unknown.status, unknown.error?.message]).toEqual([400, 'No such tip']);
    expect(await dbRow(stack, 'select status, checked_at from public.tips where id = $1', [tip.id])).toEqual({
      status: 'pending',
      checked_at: null,
    });
  });
});
