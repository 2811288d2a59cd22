// PKCE for email links: the flow state saved at sign-up or recover, the ?code= it yields, and the code exchange.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { authError } from './errors.ts';

/** An issued code must be exchanged soon, as GoTrue's flow states expire after five minutes. */
const CODE_LIFETIME_SECONDS = 300;

export type FlowMethod = 'email/signup' | 'recovery' | 'magiclink' | 'email_change';

export interface Challenge {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}

export async function saveFlowState(tx: Queryable, userId: string, method: FlowMethod, c: Challenge): Promise<void> {
  if (!c.code_challenge) return;
  const challengeMethod = (c.code_challenge_method ?? 's256').toLowerCase();
  if (challengeMethod !== 's256' && challengeMethod !== 'plain') {
    throw authError(400, 'validation_failed', 'code challenge method not supported');
  }
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method) values ($1, $2, $3, $4, $5, 'email', $6)`,
    [randomUUID(), userId, randomUUID(), challengeMethod, c.code_challenge, method],
  );
}

/** The auth code to put in the redirect when the flow started with a code challenge, else undefined (implicit flow). */
export async function issueAuthCode(tx: Queryable, userId: string, method: FlowMethod): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: FlowMethod }> {
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: FlowMethod;
    age: number;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            extract(epoch from now() - auth_code_issued_at)::float8 as age
       from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null for update`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow || flow.age > CODE_LIFETIME_SECONDS) {
    throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  const computed =
    flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  if (computed !== flow.code_challenge) {
    throw authError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
