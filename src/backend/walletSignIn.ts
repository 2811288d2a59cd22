// Sign-In with Ethereum (EIP-4361) through supabase-js's signInWithWeb3, with a nonce the forum issued (siwe_nonce),
// and the username a new wallet account picks on its first sign-in.
import type { Session } from '@supabase/supabase-js';
import type { ForumClient } from './client.ts';
import { backendError } from './errors.ts';

/** What the wallet shows above the message's fields. */
export const WALLET_SIGN_IN_STATEMENT = 'Sign in to the GuapCoin Forum.';
/** The message is refused after this long, wherever it is sent (the local stack enforces it; hosted GoTrue only
 * with a Not Before). */
const MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

export async function signInWithWallet(client: ForumClient): Promise<Session> {
  const { data: nonce, error: nonceError, status } = await client.rpc('siwe_nonce');
  if (nonceError) throw backendError('Failed to start the wallet sign-in', nonceError, status);
  const issuedAt = new Date();
  const { data, error } = await client.auth.signInWithWeb3({
    chain: 'ethereum',
    statement: WALLET_SIGN_IN_STATEMENT,
    options: {
      signInWithEthereum: {
        nonce,
        issuedAt,
        expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
      },
    },
  });
  if (error) throw error;
  if (!data.session) throw new Error('The wallet sign-in answered no session');
  return data.session;
}

/** The wallet account's chosen username: on the profile, then in the account's metadata, which says it was chosen. */
export async function claimUsername(client: ForumClient, id: string, username: string): Promise<void> {
  const { error, status } = await client.from('profiles').update({ username }).eq('id', id);
  if (error) throw backendError('Failed to save the username', error, status);
  const { error: authError } = await client.auth.updateUser({ data: { username } });
  if (authError) throw authError;
}
