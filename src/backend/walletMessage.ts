// The Sign-In with Ethereum message (EIP-4361) a wallet signs to link itself or to prove the profile's address: laid
// out as supabase-js's signInWithWeb3 lays out the sign-in's, for the page's site and the forum's chain, with a nonce
// from siwe_nonce() that the server spends once and an Expiration Time. The functions check it as the sign-in is
// checked (supabase/functions/_shared/siweCheck.ts).
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

/** The function refuses the message after this long, as the sign-in does. */
const MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

export interface WalletMessageParts {
  address: string;
  chainId: number;
  /** The page the member signs from: its host is the message's domain, its address the URI. */
  page: URL;
}

interface MessageFields extends WalletMessageParts {
  /** What the wallet shows above the message's fields: what the signature is for. */
  statement: string;
  nonce: string;
  issuedAt: Date;
}

function walletMessage({ statement, address, chainId, nonce, page, issuedAt }: MessageFields): string {
  const expires = new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS);
  return [
    `${page.host} wants you to sign in with your Ethereum account:`,
    address,
    '',
    statement,
    '',
    `URI: ${page.origin}${page.pathname}`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${expires.toISOString()}`,
  ].join('\n');
}

/** The message for the wallet to sign, with a fresh nonce from siwe_nonce(); `failure` says what could not start. */
export async function walletMessageFor(
  client: ForumClient,
  statement: string,
  parts: WalletMessageParts,
  failure: string,
): Promise<string> {
  const { data: nonce, error, status } = await client.rpc('siwe_nonce');
  if (error) throw backendError(failure, error, status);
  return walletMessage({ ...parts, statement, nonce, issuedAt: new Date() });
}
