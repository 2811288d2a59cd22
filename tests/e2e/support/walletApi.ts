// The forum's own API as a member's script would call it, for what a spec sets up or tries behind the screens: a
// session, a saved wallet address, a Sign-In with Ethereum message to prove it, and the verify-wallet function's
// answer to its signature.
import { test, type APIRequestContext } from '@playwright/test';
import { workerBaseURL } from '../../../playwright.config.ts';
import { siweMessage } from '../../backend/siwe-helpers.ts';
import { GUAPCOINX } from './testWallet.ts';

/** A key that signs as a wallet does (personal_sign). */
interface Signer {
  address: string;
  signMessage(message: string): Promise<string>;
}

interface Session {
  userId: string;
  headers: Record<string, string>;
}

export async function memberSession(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<Session> {
  const { anonKey } = (await (await request.get('/local/v1/config')).json()) as { anonKey: string };
  const answer = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: anonKey },
    data: { email: account.email, password: account.password },
  });
  const session = (await answer.json()) as { access_token: string; user: { id: string } };
  return {
    userId: session.user.id,
    headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}` },
  };
}

export async function saveWalletAddress(request: APIRequestContext, session: Session, address: string) {
  const answer = await request.patch(`/rest/v1/profiles?id=eq.${session.userId}`, {
    headers: session.headers,
    data: { wallet_address: address },
  });
  if (!answer.ok()) throw new Error(`saving the address answered ${answer.status()}`);
}

/** The app's address at http://localhost:<port>: a signed message's URI may use plain http only on localhost. */
export function onLocalhost(path: string): string {
  const baseURL = workerBaseURL(test.info().project.use.baseURL, test.info().parallelIndex);
  return `http://localhost:${new URL(baseURL).port}${path}`;
}

/** The message Verify has the wallet sign (EIP-4361), for this site and the forum's chain, with a fresh nonce. */
export async function proofMessage(request: APIRequestContext, session: Session, address: string): Promise<string> {
  const answer = await request.post('/rest/v1/rpc/siwe_nonce', { headers: session.headers, data: {} });
  const uri = onLocalhost('/profile');
  return siweMessage({
    domain: new URL(uri).host,
    address,
    uri,
    chainId: GUAPCOINX,
    nonce: (await answer.json()) as string,
    statement: 'Verify that this wallet holds the address on your GuapCoin Forum profile.',
    expirationTime: new Date(Date.now() + 10 * 60_000),
  });
}

export async function sendProof(
  request: APIRequestContext,
  session: Session,
  proof: { message: string; signature: string },
) {
  const answer = await request.post('/functions/v1/verify-wallet', { headers: session.headers, data: proof });
  return { status: answer.status(), body: (await answer.json()) as { error?: string; verified?: boolean } };
}

/** Saves the address of `signer` on the member's profile and proves it, as Verify does. */
export async function verifyAddress(request: APIRequestContext, session: Session, signer: Signer) {
  await saveWalletAddress(request, session, signer.address);
  const message = await proofMessage(request, session, signer.address);
  const answer = await sendProof(request, session, { message, signature: await signer.signMessage(message) });
  if (answer.status !== 200) throw new Error(`verify-wallet answered ${answer.status}: ${answer.body.error}`);
}

export async function walletVerified(request: APIRequestContext, session: Session): Promise<boolean> {
  const answer = await request.get(`/rest/v1/profiles?id=eq.${session.userId}&select=wallet_verified`, {
    headers: session.headers,
  });
  const [row] = (await answer.json()) as { wallet_verified: boolean }[];
  return row?.wallet_verified ?? false;
}
