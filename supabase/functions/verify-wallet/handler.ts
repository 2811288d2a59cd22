// verify-wallet: a member proves that their profile's wallet address is theirs by signing the challenge that
// wallet_challenge() gave them. The challenge is spent before the signature is checked, so each is tried once.
import { verifyMessage } from 'ethers';
import { z } from 'zod';
import { json, preflight, readJson } from '../_shared/answers.ts';
import { callerOf, keyRefusedAnswer, readProjectSettings, serviceClient } from '../_shared/clients.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';

const VerifyRequest = z.object(
  {
    nonce: z.uuid({ error: 'nonce must be the nonce of your challenge (a UUID)' }),
    address: z
      .string({ error: 'address must be a wallet address' })
      .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'address must be 0x followed by 40 hexadecimal digits' }),
    signature: z
      .string({ error: 'signature must be the wallet’s signature of the challenge' })
      .regex(/^0x[0-9a-fA-F]{1,1000}$/, { error: 'signature must be 0x followed by hexadecimal digits' }),
  },
  { error: 'The body must be a JSON object: {nonce, address, signature}' },
);

const ANSWERS = {
  signIn: 'Sign in to verify a wallet',
  spent: 'This challenge was already used or has expired. Ask for a new one.',
  badSignature: 'The signature is not a valid wallet signature',
  otherSigner: 'The signature was not made by this address',
  otherAddress: 'Your profile’s wallet address is not this address. Save it first.',
} as const;

/** The address that signed `message`, or undefined when the signature cannot be read at all. */
function signerOf(message: string, signature: string): string | undefined {
  try {
    return verifyMessage(message, signature);
  } catch {
    // ethers throws for a signature of the wrong length or with an impossible r, s or v: the caller's input.
    return undefined;
  }
}

export function createHandler(env: Env = runtimeEnv) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight();
    const settings = readProjectSettings(env);
    if (typeof settings === 'string') return json(500, { error: `verify-wallet is not set up: ${settings}` });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const caller = await callerOf(req, settings);
    if (caller.keyRefused) return json(500, { error: keyRefusedAnswer('verify-wallet', caller.keyRefused) });
    const userId = caller.id;
    if (!userId) return json(401, { error: ANSWERS.signIn });
    const body = await readJson(req);
    if (!body) return json(400, { error: 'The body must be JSON: {nonce, address, signature}' });
    const parsed = VerifyRequest.safeParse(body.value);
    if (!parsed.success) return json(400, { error: parsed.error.issues[0]?.message ?? 'Invalid request' });
    const { nonce, address, signature } = parsed.data;

    const db = serviceClient(settings);
    const taken = await db.rpc('take_wallet_challenge', { p_user: userId, p_nonce: nonce });
    if (taken.error) return json(500, { error: `Could not read the challenge: ${taken.error.message}` });
    const message = taken.data as string | null;
    if (message === null) return json(409, { error: ANSWERS.spent });

    const signer = signerOf(message, signature);
    if (signer === undefined) return json(400, { error: ANSWERS.badSignature });
    if (signer.toLowerCase() !== address.toLowerCase()) return json(400, { error: ANSWERS.otherSigner });

    const marked = await db.rpc('mark_wallet_verified', { p_user: userId, p_address: address });
    if (marked.error) return json(500, { error: `Could not record the proof: ${marked.error.message}` });
    if (marked.data !== true) return json(409, { error: ANSWERS.otherAddress });
    return json(200, { verified: true, address });
  };
}
