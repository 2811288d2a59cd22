// verify-wallet through the local stack's /functions/v1, as the app invokes it: a real ethers wallet signs the
// challenge of wallet_challenge(); forged, replayed and borrowed signatures and malformed bodies are refused.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Wallet, type HDNodeWallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRow } from './members.ts';
import { invokeFunction } from './support/invokeFunction.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
/** A member signed in through the auth service: the function asks it who the caller is. */
type Member = Awaited<ReturnType<TestStack['newMember']>>;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(async () => {
  await stack?.close();
});

const invoke = (client: SupabaseClient, body: unknown) => invokeFunction(client, 'verify-wallet', body);

/** A member whose profile holds a fresh wallet's address, and that wallet. */
async function memberWithWallet(): Promise<{ member: Member; wallet: HDNodeWallet }> {
  const member = await stack.newMember();
  const wallet = Wallet.createRandom();
  const { error } = await member.client.from('profiles').update({ wallet_address: wallet.address }).eq('id', member.id);
  if (error) throw new Error(error.message);
  return { member, wallet };
}

async function challenge(member: Member): Promise<{ nonce: string; message: string }> {
  const { data, error } = await member.client.rpc('wallet_challenge');
  if (error) throw new Error(error.message);
  return data as { nonce: string; message: string };
}

const verified = async (id: string) =>
  (await dbRow<{ wallet_verified: boolean }>(stack, 'select wallet_verified from public.profiles where id = $1', [id]))!
    .wallet_verified;

describe('verify-wallet', () => {
  it('proves the address that signed the member’s challenge, and a replay of that signature is refused', async () => {
    const { member, wallet } = await memberWithWallet();
    const { nonce, message } = await challenge(member);
    const signature = await wallet.signMessage(message);
    expect(await invoke(member.client, { nonce, address: wallet.address, signature })).toEqual({
      status: 200,
      body: { verified: true, address: wallet.address },
    });
    expect(await verified(member.id)).toBe(true);
    const read = await stack.anon().from('profiles').select('wallet_verified').eq('id', member.id);
    expect(read.data).toEqual([{ wallet_verified: true }]);

    expect(await invoke(member.client, { nonce, address: wallet.address, signature })).toEqual({
      status: 409,
      body: { error: 'This challenge was already used or has expired. Ask for a new one.' },
    });
    expect(await verified(member.id)).toBe(true);
  });

  it('refuses a signature made by another key (400), changing nothing, and spends the challenge', async () => {
    const { member, wallet } = await memberWithWallet();
    const { nonce, message } = await challenge(member);
    const forged = await Wallet.createRandom().signMessage(message);
    expect(await invoke(member.client, { nonce, address: wallet.address, signature: forged })).toEqual({
      status: 400,
      body: { error: 'The signature was not made by this address' },
    });
    expect(await verified(member.id)).toBe(false);
    // The genuine signature of a challenge already tried is refused too: each challenge is tried once.
    const genuine = await wallet.signMessage(message);
    expect((await invoke(member.client, { nonce, address: wallet.address, signature: genuine })).status).toBe(409);
    expect(await verified(member.id)).toBe(false);
  });

  it('refuses a signature of another message than the challenge', async () => {
    const { member, wallet } = await memberWithWallet();
    const { nonce } = await challenge(member);
    const signature = await wallet.signMessage(`GuapCoin Forum: sign to prove this wallet is yours.\nNonce: ${nonce}`);
    expect((await invoke(member.client, { nonce, address: wallet.address, signature })).status).toBe(400);
    expect(await verified(member.id)).toBe(false);
  });

  it('refuses another member’s challenge, even signed by the wallet on the caller’s profile', async () => {
    const { member, wallet } = await memberWithWallet();
    const other = await stack.newMember();
    const { nonce, message } = await challenge(other);
    const signature = await wallet.signMessage(message);
    expect((await invoke(member.client, { nonce, address: wallet.address, signature })).status).toBe(409);
    expect(await verified(member.id)).toBe(false);
    expect(await dbRow(stack, 'select used_at from public.wallet_challenges where nonce = $1', [nonce])).toEqual({
      used_at: null,
    });
  });

  it('refuses a proof of an address that is not the profile’s (409), until it is saved', async () => {
    const { member } = await memberWithWallet();
    const unsaved = Wallet.createRandom();
    const first = await challenge(member);
    expect(
      await invoke(member.client, {
        nonce: first.nonce,
        address: unsaved.address,
        signature: await unsaved.signMessage(first.message),
      }),
    ).toEqual({ status: 409, body: { error: 'Your profile’s wallet address is not this address. Save it first.' } });
    expect(await verified(member.id)).toBe(false);
    await member.client.from('profiles').update({ wallet_address: unsaved.address.toLowerCase() }).eq('id', member.id);
    const second = await challenge(member);
    const answer = await invoke(member.client, {
      nonce: second.nonce,
      address: unsaved.address,
      signature: await unsaved.signMessage(second.message),
    });
    expect(answer.status).toBe(200);
    expect(await verified(member.id)).toBe(true);
  });

  it('answers malformed bodies with 400 and a clear message, never a 5xx', async () => {
    const { member, wallet } = await memberWithWallet();
    const { nonce, message } = await challenge(member);
    const signature = await wallet.signMessage(message);
    const cases: [unknown, string][] = [
      [{ address: wallet.address, signature }, 'nonce must be the nonce of your challenge (a UUID)'],
      [
        { nonce: 'not-a-uuid', address: wallet.address, signature },
        'nonce must be the nonce of your challenge (a UUID)',
      ],
      [{ nonce, address: '0x1234', signature }, 'address must be 0x followed by 40 hexadecimal digits'],
      [{ nonce, address: 42, signature }, 'address must be a wallet address'],
      [{ nonce, address: wallet.address }, 'signature must be the wallet’s signature of the challenge'],
      [{ nonce, address: wallet.address, signature: 'zz' }, 'signature must be 0x followed by hexadecimal digits'],
      [[nonce, wallet.address, signature], 'The body must be a JSON object: {nonce, address, signature}'],
      ['just text', 'The body must be JSON: {nonce, address, signature}'],
    ];
    for (const [body, error] of cases) {
      expect([body, await invoke(member.client, body)]).toEqual([body, { status: 400, body: { error } }]);
    }
    // A signature ethers cannot read at all, on a challenge of its own (the nonce is spent before the check).
    const other = await challenge(member);
    expect(await invoke(member.client, { nonce: other.nonce, address: wallet.address, signature: '0x1234' })).toEqual({
      status: 400,
      body: { error: 'The signature is not a valid wallet signature' },
    });
    const notJson = await fetch(`${stack.url}/functions/v1/verify-wallet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken(member.client)}`, 'content-type': 'application/json' },
      body: '{"nonce":',
    });
    expect([notJson.status, await notJson.json()]).toEqual([
      400,
      { error: 'The body must be JSON: {nonce, address, signature}' },
    ]);
    expect(await verified(member.id)).toBe(false);
    // The first challenge is still there to be used: a malformed body spends nothing.
    expect((await invoke(member.client, { nonce, address: wallet.address, signature })).status).toBe(200);
  });

  it('refuses a visitor (401): the anon key is a valid JWT but names no member', async () => {
    const { nonce } = { nonce: randomUUID() };
    const answer = await invoke(stack.anon(), { nonce, address: Wallet.createRandom().address, signature: '0x12' });
    expect(answer).toEqual({ status: 401, body: { error: 'Sign in to verify a wallet' } });
  });
});

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? '';
}
