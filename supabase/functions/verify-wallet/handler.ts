// verify-wallet: a member proves that their profile's wallet address is theirs by signing a Sign-In with Ethereum
// message (EIP-4361) for this forum, built as the sign-in's and the link's are: the site's domain and URI, the forum's
// chain, an expiry and a nonce from siwe_nonce(). It is checked as they are (../_shared/siweCheck.ts), so a message
// signed for another site, chain or time, or by another key, proves nothing. The nonce is spent once the message
// holds and names the profile's address: a refused message changes nothing, and an accepted one is never taken again.
import { getAddress } from 'ethers';
import { z } from 'zod';
import { json, preflight, readJson } from '../_shared/answers.ts';
import { callerOf, keyRefusedAnswer, readProjectSettings, serviceClient } from '../_shared/clients.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { checkSiwe } from '../_shared/siweCheck.ts';

const VerifyRequest = z.object(
  {
    message: z
      .string({ error: 'message must be the Sign-In with Ethereum message your wallet signed' })
      .max(20 * 1024, { error: 'message must not exceed 20KB' }),
    signature: z
      .string({ error: 'signature must be the wallet’s signature of the message' })
      .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'signature must be 0x followed by 130 hexadecimal digits' }),
  },
  { error: 'The body must be a JSON object: {message, signature}' },
);

const ANSWERS = {
  signIn: 'Sign in to verify a wallet',
  spent: 'This message’s nonce was already used or has expired. Sign a new message.',
  changed: 'Your profile’s wallet address changed while your wallet signed. Verify again.',
} as const;

/** The wallet signed for another address than the profile's: both, so that the member sees which to select. */
const otherAddress = (signed: string, held: string | null) =>
  held
    ? `Your wallet signed with ${signed}, but your profile holds ${held}. Select ${held} in your wallet, then Verify again.`
    : `Your profile holds no wallet address. Save ${signed} on your profile first.`;

export function createHandler(env: Env = runtimeEnv) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight();
    const settings = readProjectSettings(env);
    const siteUrl = env('SITE_URL');
    if (typeof settings === 'string') return json(500, { error: `verify-wallet is not set up: ${settings}` });
    if (!siteUrl) return json(500, { error: 'verify-wallet is not set up: SITE_URL is not set' });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const caller = await callerOf(req, settings);
    if (caller.keyRefused) return json(500, { error: keyRefusedAnswer('verify-wallet', caller.keyRefused) });
    const userId = caller.id;
    if (!userId) return json(401, { error: ANSWERS.signIn });
    const body = await readJson(req);
    if (!body) return json(400, { error: 'The body must be JSON: {message, signature}' });
    const parsed = VerifyRequest.safeParse(body.value);
    if (!parsed.success) return json(400, { error: parsed.error.issues[0]?.message ?? 'Invalid request' });

    const site = { url: siteUrl, chainId: env('WALLET_CHAIN_ID'), expiryRequired: true };
    const message = checkSiwe(parsed.data.message, parsed.data.signature, site, Date.now());
    if (typeof message === 'string') return json(400, { error: message });

    const db = serviceClient(settings);
    const profile = await db.from('profiles').select('wallet_address').eq('id', userId).maybeSingle();
    if (profile.error) return json(500, { error: `Could not read your profile: ${profile.error.message}` });
    const held = (profile.data?.wallet_address as string | null | undefined) ?? null;
    if (held?.toLowerCase() !== message.address)
      return json(409, { error: otherAddress(getAddress(message.address), held) });

    const taken = await db.rpc('take_siwe_nonce', { p_nonce: message.nonce });
    if (taken.error) return json(500, { error: `Could not read the nonce: ${taken.error.message}` });
    if (taken.data !== true) return json(409, { error: ANSWERS.spent });
    const marked = await db.rpc('mark_wallet_verified', { p_user: userId, p_address: message.address });
    if (marked.error) return json(500, { error: `Could not record the proof: ${marked.error.message}` });
    // The address changed since the read above: the proof is of an address the profile no longer holds.
    if (marked.data !== true) return json(409, { error: ANSWERS.changed });
    return json(200, { verified: true, address: held });
  };
}
