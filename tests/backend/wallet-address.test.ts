// A profile's wallet address is a checksummed 0x address or nothing, whoever writes it: all-lowercase hex is stored
// checksummed, a checksummed one as it is; text that is no address, and mixed case that is not the checksum (a
// typo), are refused with a 400 and their reason, and the stored address stays.
import { getAddress, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let member: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  member = await createMember(stack);
});
afterAll(async () => {
  await stack?.close();
});

const stored = async () =>
  (await dbRow<{ wallet_address: string | null }>(stack, 'select wallet_address from public.profiles where id = $1', [
    member.id,
  ]))!.wallet_address;

const save = (address: string | null) =>
  member.client.from('profiles').update({ wallet_address: address }).eq('id', member.id);

/** The EIP-55 test vector, and the same address with one letter's case flipped: its checksum is wrong. */
const CHECKSUMMED = '0x52908400098527886E0F7030069857D2E4169EE7';
const TYPO = '0x52908400098527886e0F7030069857D2E4169EE7';

describe('wallet address', () => {
  const random = Wallet.createRandom().address;
  it.each<[string, string | null, string | null]>([
    ['a checksummed address', CHECKSUMMED, CHECKSUMMED],
    ['a fresh wallet’s address', random, random],
    ['all-lowercase hex, stored checksummed', random.toLowerCase(), getAddress(random)],
    ['all-uppercase hex, stored checksummed', `0x${random.slice(2).toUpperCase()}`, getAddress(random)],
    ['spaces around it, trimmed', `  ${CHECKSUMMED} `, CHECKSUMMED],
    ['no address at all', null, null],
    ['an emptied field, as no address', '', null],
  ])('saves %s', async (_, typed, kept) => {
    const { error, status } = await save(typed);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(await stored()).toBe(kept);
  });

  it.each<[string, string, string]>([
    ['any text', 'my wallet', 'A wallet address is 0x followed by 40 hexadecimal digits'],
    ['a script', '<script>alert(1)</script>', 'A wallet address is 0x followed by 40 hexadecimal digits'],
    ['39 hex digits', CHECKSUMMED.slice(0, -1), 'A wallet address is 0x followed by 40 hexadecimal digits'],
    ['a non-hex digit', `${CHECKSUMMED.slice(0, -1)}g`, 'A wallet address is 0x followed by 40 hexadecimal digits'],
    [
      'mixed case with a wrong checksum',
      TYPO,
      'This wallet address has a wrong checksum (its mix of capitals): copy it again from your wallet',
    ],
  ])('refuses %s with a 400 and its reason, and keeps the address stored', async (_, typed, reason) => {
    expect((await save(CHECKSUMMED)).error).toBeNull();
    const { error, status } = await save(typed);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: reason });
    expect(await stored()).toBe(CHECKSUMMED);
  });

  it('holds for the service role and direct SQL too: the constraint stands behind the trigger', async () => {
    const { error } = await stack.service().from('profiles').update({ wallet_address: TYPO }).eq('id', member.id);
    expect(error?.code).toBe('23514');
    await stack.db.query('alter table public.profiles disable trigger normalise_wallet_address');
    try {
      await expect(
        stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [member.id, 'not an address']),
      ).rejects.toThrow(/profiles_wallet_address_checksummed/);
    } finally {
      await stack.db.query('alter table public.profiles enable trigger normalise_wallet_address');
    }
    expect(await stored()).toBe(CHECKSUMMED);
  });

  it('lets nobody call keccak256 itself: a long input would keep the database busy', async () => {
    for (const client of [stack.anon(), member.client, stack.service()]) {
      const { error } = await client.rpc('keccak256', { data: '\\x00' });
      expect(error?.code).toBe('42501');
    }
    const { data } = await member.client.rpc('checksum_address', { address: CHECKSUMMED.toLowerCase() });
    expect(data).toBe(CHECKSUMMED);
  });
});
