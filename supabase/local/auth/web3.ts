// POST /token?grant_type=web3: Sign-In with Ethereum as hosted GoTrue checks it (internal/api/web3.go), with its
// statuses, codes and texts, and two checks it lacks: the nonce must be one the forum issued and is spent on use, and
// an Expiration Time holds even without a Not Before.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { ApiError, type ApiRequest, type ApiResponse } from '../http.ts';
import { authError, databaseRefusal, validationFailed } from './errors.ts';
import { parseInput } from './input.ts';
import { startSession } from './sessions.ts';
import { isAllowedUri } from './links.ts';
import {
  parseSiweMessage,
  SiweParseError,
  siweTimeRefusal,
  type SiweMessage,
} from '../../functions/_shared/siweMessage.ts';
import { signedBy } from '../../functions/_shared/siweCheck.ts';
import { findUserById, isBanned } from './users.ts';

const Web3Body = z.object({
  message: z.string().nullish(),
  signature: z.string().nullish(),
  chain: z.string().nullish(),
});

/** GoTrue's OAuthError: `{error, error_description}`, answered with 400. */
export const invalidGrant = (description: string) =>
  new ApiError(400, { error: 'invalid_grant', error_description: description }, 'invalid_grant');

function checkShape(message: string, signature: string): SiweMessage {
  if (message.length < 64) throw validationFailed('message is too short');
  if (message.length > 20 * 1024) throw validationFailed('message must not exceed 20KB');
  const hex = signature.replace(/^0x/, '');
  // GoTrue counts the characters only, then fails on one that is not hex with a 500; here it is the caller's 400.
  if (hex.length !== 130 || !/^[0-9a-fA-F]+$/.test(hex)) {
    throw validationFailed('signature must be 65 bytes long, encoded as a 130 character-long hexadecimal string');
  }
  try {
    return parseSiweMessage(message);
  } catch (e) {
    if (e instanceof SiweParseError) throw validationFailed(e.message);
    throw e;
  }
}

/** Every check of hosted GoTrue after the message's shape, in its order, and the expiry it skips. */
export function checkSignedMessage(ctx: StackContext, message: SiweMessage, signature: string, now: number) {
  if (!signedBy(message, signature)) throw invalidGrant('Signature does not match address in message');
  const uri = message.uri;
  if (uri.protocol !== 'https:' && uri.hostname !== 'localhost') {
    throw invalidGrant('Signed Ethereum message is using URI which does not use HTTPS');
  }
  if (!isAllowedUri(ctx, uri.toString())) {
    throw invalidGrant(
      'Signed Ethereum message is using URI which is not allowed on this server, message was signed for another app',
    );
  }
  if (
    uri.hostname !== 'localhost' &&
    (uri.host !== message.domain || !isAllowedUri(ctx, `https://${message.domain}/`))
  ) {
    throw invalidGrant(
      'Signed Ethereum message is using a Domain that does not match the one in URI which is not allowed on this server',
    );
  }
  const refusal = siweTimeRefusal(message, now);
  if (refusal) throw invalidGrant(refusal);
}

/** Spends the message's nonce: GoTrue never checks it, so there a captured message signs in again for 10 minutes. */
export async function spendNonce(tx: Queryable, nonce: string) {
  const { rows } = await tx.query<{ ok: boolean }>('select public.take_siwe_nonce($1) as ok', [nonce]);
  if (!rows[0]?.ok) {
    throw invalidGrant('Signed Ethereum message has a nonce this server did not issue, or one already used');
  }
}

export const web3ProviderId = (address: string) => `web3:ethereum:${address}`;

/** The identity's data as GoTrue stores it: the subject and the message's claims. */
export const web3IdentityData = (message: SiweMessage) => ({
  sub: web3ProviderId(message.address),
  address: message.address,
  chain: 'ethereum',
  network: message.chainId,
  domain: message.domain,
  statement: message.statement,
});

async function userOfWallet(tx: Queryable, message: SiweMessage): Promise<string> {
  const providerId = web3ProviderId(message.address);
  const { rows } = await tx.query<{ user_id: string }>(
    "select user_id from auth.identities where provider = 'web3' and provider_id = $1",
    [providerId],
  );
  if (rows[0]) return rows[0].user_id;
  // A new wallet is a new account, with no email: the profile trigger gives it a provisional username.
  const id = randomUUID();
  const data = web3IdentityData(message);
  try {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, encrypted_password, confirmation_token, recovery_token,
         email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, is_super_admin, is_anonymous,
         created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', '', '', '', '', '',
         $2, $3, false, false, now(), now())`,
      [id, JSON.stringify({ provider: 'web3', providers: ['web3'] }), JSON.stringify(data)],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'web3', now())`,
      [providerId, id, JSON.stringify(data)],
    );
  } catch (e) {
    throw databaseRefusal(e, 'saving new user') ?? e;
  }
  return id;
}

export async function web3Grant(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  await ctx.signInLimiter?.takeWeb3(req.remoteAddress);
  const body = parseInput(req, Web3Body);
  if (body.chain === 'solana' || body.chain === 'kaspa') {
    const name = body.chain === 'solana' ? 'Solana' : 'Kaspa';
    throw authError(422, 'web3_provider_disabled', `${name} Web3 provider is disabled`);
  }
  if (body.chain !== 'ethereum') throw authError(400, 'web3_unsupported_chain', 'Unsupported chain');
  const signature = body.signature ?? '';
  const message = checkShape(body.message ?? '', signature);
  checkSignedMessage(ctx, message, signature, Date.now());
  const session = await ctx.db.transaction(async (tx) => {
    await spendNonce(tx, message.nonce);
    const userId = await userOfWallet(tx, message);
    const user = await findUserById(tx, userId);
    if (user && isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
    return startSession(tx, ctx, userId, 'web3');
  });
  return { status: 200, body: session };
}
