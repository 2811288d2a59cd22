// Linking a wallet to the signed-in account, and unlinking it: the wallet signs the same Sign-In with Ethereum message
// as the sign-in (EIP-4361, with a nonce from siwe_nonce()), and the link-wallet function checks it and records the
// link, which hosted GoTrue cannot make itself (README, "Sign in with a wallet").
import type { ForumClient } from './client.ts';
import { invoke } from './wallet.ts';
import { walletMessageFor, type WalletMessageParts } from './walletMessage.ts';

/** What the wallet shows above the message's fields. */
const WALLET_LINK_STATEMENT = 'Link this wallet to your GuapCoin Forum account.';

/** The message for the wallet to sign, with a fresh nonce from siwe_nonce(). */
export const linkMessageFor = (client: ForumClient, parts: WalletMessageParts): Promise<string> =>
  walletMessageFor(client, WALLET_LINK_STATEMENT, parts, 'Failed to start linking the wallet');

/** Links the wallet, then refreshes the session, whose user lists the new identity. */
export async function linkWallet(client: ForumClient, proof: { message: string; signature: string }): Promise<void> {
  await invoke<{ linked: true }>(client, 'link-wallet', proof);
  await client.auth.refreshSession();
}

/** Unlinks the wallet while another way in remains (the function refuses otherwise), then refreshes the session. */
export async function unlinkWallet(client: ForumClient, address: string): Promise<void> {
  await invoke<{ unlinked: true }>(client, 'link-wallet', { unlink: address });
  await client.auth.refreshSession();
}
