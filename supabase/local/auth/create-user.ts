// Inserts an email user and its identity row, as GoTrue does for sign-up and the admin API.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { databaseRefusal } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
}

export async function createUser(tx: Queryable, input: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  try {
    await tx.query(
      // auth.users has no defaults for the token and timestamp columns: GoTrue writes them, '' for no token.
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
         raw_user_meta_data, is_super_admin, is_anonymous, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
         case when $5::boolean then now() end, '', '', '', '', $6, $7, false, false, now(), now())`,
      [
        id,
        input.role ?? 'authenticated',
        input.email,
        input.passwordHash,
        input.confirmed,
        JSON.stringify(appMetadata),
        JSON.stringify(input.userMetadata),
      ],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'email', now())`,
      [id, id, JSON.stringify({ sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false })],
    );
  } catch (e) {
    throw databaseRefusal(e, 'saving new user') ?? e;
  }
  const user = await findUserById(tx, id);
  if (!user) throw new Error('the new user vanished inside its own transaction');
  return user;
}
