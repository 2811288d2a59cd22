// Linking a wallet to the signed-in account, and unlinking it: the wallet signs the same Sign-In with Ethereum message
// as the sign-in (EIP-4361, with a nonce from siwe_nonce()), and the link-wallet function checks it and records the
// link, which hosted GoTrue cannot make itself (README, "Sign in with a wallet").
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';
import { invoke } from './wallet.ts';

/** What the wallet shows above the message's fields. */
const WALLET_LINK_STATEMENT = 'Link this wallet to your GuapCoin Forum account.';
/** The function refuses the message after this long, as the sign-in does. */
const MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

interface LinkMessageParts {
  address: string;
  chainId: number;
  nonce: string;
  /** The page the member links from: its host is the message's domain, its address the URI. */
  page: URL;
  issuedAt: Date;
}

/** The message as supabase-js's signInWithWeb3 lays it out, with an Expiration Time. */
function linkMessage({ address, chainId, nonce, page, issuedAt }: LinkMessageParts): string {
  const expires = new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS);
  return [
    `${page.host} wants you to sign in with your Ethereum account:`,
    address,
    '',
    WALLET_LINK_STATEMENT,
    '',
    `URI: ${page.origin}${page.pathname}`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${expires.toISOString()}`,
  ].join('\n');
}

/** The message for the wallet to sign, with a fresh nonce from siwe_nonce(). */
export async function linkMessageFor(
  client: ForumClient,
  parts: Omit<LinkMessageParts, 'nonce' | 'issuedAt'>,
): Promise<string> {
  const { data: nonce, error, status } = await client.rpc('siwe_nonce');
  if (error) throw backendError('Failed to start linking the wallet', error, status);
  return linkMessage({ ...parts, nonce, issuedAt: new Date() });
}

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
