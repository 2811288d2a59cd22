// A member whose wallet address is proven, as verify-wallet leaves it. Two updates: saving a new address removes the
// proof (reset_wallet_proof), so the address is saved first and then marked proven.
import { Wallet } from 'ethers';
import type { TestStack } from '../stack.ts';

/** Gives the member `address` (a new random one by default), proven; answers it. */
export async function verifiedWallet(
  stack: Pick<TestStack, 'db'>,
  memberId: string,
  address: string = Wallet.createRandom().address,
): Promise<string> {
  await stack.db.query('update public.profiles set wallet_address = $2 where id = $1', [memberId, address]);
  await stack.db.query('update public.profiles set wallet_verified = true where id = $1', [memberId]);
  return address;
}
