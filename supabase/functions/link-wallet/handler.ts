// link-wallet: a member signed in another way (an email with a password) makes their wallet a second way in, by
// signing a Sign-In with Ethereum message with a nonce from siwe_nonce(); or unlinks a wallet while another way in
// remains. Hosted GoTrue links only OAuth identities, so the link is this forum's: the web3 identity is recorded by
// link_wallet_identity(), where the wallet sign-in looks it up (README, "Sign in with a wallet").
import { z } from 'zod';
import { json, preflight, readJson } from '../_shared/answers.ts';
import { callerOf, keyRefusedAnswer, readProjectSettings, serviceClient } from '../_shared/clients.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { checkSiwe } from '../_shared/siweCheck.ts';

const LinkRequest = z.union(
  [
    z.object({
      message: z.string().max(20 * 1024, { error: 'message must not exceed 20KB' }),
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, {
        error: 'signature must be 0x followed by 130 hexadecimal digits',
      }),
    }),
    z.object({
      unlink: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'unlink must be 0x followed by 40 hexadecimal digits' }),
    }),
  ],
  { error: 'The body must be {message, signature} to link a wallet, or {unlink: address} to unlink one' },
);

const ANSWERS = {
  signIn: 'Sign in to link a wallet',
  spent: 'This message’s nonce was already used or has expired. Sign a new message.',
  otherAccount: 'This wallet already signs in to another account',
  notLinked: 'This wallet is not linked to your account',
  onlyWayIn: 'This wallet is your only way in. Set a password or link another wallet before unlinking it.',
} as const;

export function createHandler(env: Env = runtimeEnv) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight();
    const settings = readProjectSettings(env);
    const siteUrl = env('SITE_URL');
    if (typeof settings === 'string') return json(500, { error: `link-wallet is not set up: ${settings}` });
    if (!siteUrl) return json(500, { error: 'link-wallet is not set up: SITE_URL is not set' });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const caller = await callerOf(req, settings);
    if (caller.keyRefused) return json(500, { error: keyRefusedAnswer('link-wallet', caller.keyRefused) });
    const userId = caller.id;
    if (!userId) return json(401, { error: ANSWERS.signIn });
    const body = await readJson(req);
    if (!body) return json(400, { error: 'The body must be JSON' });
    const parsed = LinkRequest.safeParse(body.value);
    if (!parsed.success) return json(400, { error: parsed.error.issues[0]?.message ?? 'Invalid request' });
    const db = serviceClient(settings);

    if ('unlink' in parsed.data) {
      const { data, error } = await db.rpc('unlink_wallet_identity', { p_user: userId, p_address: parsed.data.unlink });
      if (error) return json(500, { error: `Could not unlink the wallet: ${error.message}` });
      if (data === 'not_linked') return json(404, { error: ANSWERS.notLinked });
      if (data === 'only_way_in') return json(409, { error: ANSWERS.onlyWayIn });
      return json(200, { unlinked: true });
    }

    const message = checkSiwe(parsed.data.message, parsed.data.signature, { url: siteUrl }, Date.now());
    if (typeof message === 'string') return json(400, { error: message });
    const taken = await db.rpc('take_siwe_nonce', { p_nonce: message.nonce });
    if (taken.error) return json(500, { error: `Could not read the nonce: ${taken.error.message}` });
    if (taken.data !== true) return json(409, { error: ANSWERS.spent });
    const identity = {
      chain: 'ethereum',
      network: message.chainId,
      domain: message.domain,
      statement: message.statement,
    };
    const { data, error } = await db.rpc('link_wallet_identity', {
      p_user: userId,
      p_address: message.address,
      p_data: identity,
    });
    if (error) return json(500, { error: `Could not link the wallet: ${error.message}` });
    if (data === 'other_account') return json(409, { error: ANSWERS.otherAccount });
    return json(200, { linked: true, address: message.address });
  };
}
