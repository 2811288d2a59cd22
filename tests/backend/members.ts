// Members for data-rule tests without the auth service: an auth.users row inserted directly (the sign-up trigger
// makes the profile) and a supabase-js client carrying an access token minted with the stack's own secret.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../../supabase/local/jwt.ts';
import type { TestStack } from './stack.ts';

export type Role = 'user' | 'moderator' | 'admin';

export interface TestMember {
  id: string;
  email: string;
  username: string;
  client: SupabaseClient;
}

/** The seeded demo accounts (supabase/seed.sql). */
export const DEMO_IDS = {
  admin: 'a0000000-0000-4000-8000-000000000001',
  moderator: 'a0000000-0000-4000-8000-000000000002',
  member: 'a0000000-0000-4000-8000-000000000003',
} as const;

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A supabase-js client signed in as `id`, the way the app's client is after sign-in. */
export async function clientAs(stack: TestStack, id: string, email: string): Promise<SupabaseClient> {
  const token = await signAccessToken(
    stack.ctx.keys,
    { sub: id, role: 'authenticated', email, aud: 'authenticated', session_id: randomUUID() },
    3600,
  );
  return createClient(stack.url, stack.anonKey, {
    global: { headers: { Authorization: 'Bearer ' + token } },
    auth: noSession,
  });
}

let counter = 0;

export async function createMember(
  stack: TestStack,
  options: { username?: string; role?: Role; banned?: boolean; standing?: boolean; trustLevel?: number } = {},
): Promise<TestMember> {
  counter += 1;
  const id = randomUUID();
  const username = options.username ?? `tester_${counter}_${id.slice(0, 6)}`;
  const email = `${id}@members.test`;
  await stack.db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
       '', '', '', '', '{"provider": "email", "providers": ["email"]}', jsonb_build_object('username', $3::text),
       now(), now())`,
    [id, email, username],
  );
  if (options.role && options.role !== 'user') {
    await stack.db.query('update public.profiles set role = $2 where id = $1', [id, options.role]);
  }
  if (options.banned) {
    await stack.db.query('update public.profiles set is_banned = true where id = $1', [id]);
  }
  if (options.standing) await giveStanding(stack, id);
  if (options.trustLevel !== undefined) await setTrustLevel(stack, id, options.trustLevel);
  const { rows } = await stack.db.query<{ username: string }>('select username from public.profiles where id = $1', [
    id,
  ]);
  return { id, email, username: rows[0]?.username ?? username, client: await clientAs(stack, id, email) };
}

/**
 * An established member, whose flags weigh enough that three of them hide a post: trust level 2, set by hand (as
 * staff would; public.trust_level_locks), and as old and as well liked as before, for the tests that read those.
 */
export async function giveStanding(stack: TestStack, id: string): Promise<void> {
  await stack.db.query(
    `update public.profiles p
     set created_at = now() - interval '4 days', reputation = greatest(p.reputation, 15)
     where p.id = $1`,
    [id],
  );
  await setTrustLevel(stack, id, 2);
}

/** Sets a member's trust level by hand, past the API (as an operator would). */
export async function setTrustLevel(stack: TestStack, id: string, level: number): Promise<void> {
  await stack.db.query(
    `insert into public.trust_level_locks (member_id, level) values ($1, $2)
     on conflict (member_id) do update set level = excluded.level`,
    [id, level],
  );
}

/** A signed-in client for one of the seeded demo accounts. */
export async function demoClient(stack: TestStack, who: keyof typeof DEMO_IDS): Promise<SupabaseClient> {
  const { rows } = await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [
    DEMO_IDS[who],
  ]);
  return clientAs(stack, DEMO_IDS[who], rows[0]?.email ?? '');
}

/** One row read past RLS, to check what a refused call left behind. */
export async function dbRow<T = Record<string, unknown>>(
  stack: TestStack,
  sql: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  const { rows } = await stack.db.query<T>(sql, params);
  return rows[0];
}

/** A thread with its opening post, written past RLS (as the seed would), in the first active category. */
export async function makeThread(
  stack: TestStack,
  authorId: string,
  options: { locked?: boolean; title?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.threads (id, slug, title, category_id, author_id, is_locked)
     values ($1, $5, $2, (select id from public.categories where is_active order by order_index, slug limit 1),
             $3, $4)`,
    [id, options.title ?? 'A thread written for a test', authorId, options.locked ?? false, `test-${id}`],
  );
  await stack.db.query(
    `insert into public.posts (thread_id, author_id, content, type, is_first_post)
     values ($1, $2, 'The opening post of a test thread.', 'thread', true)`,
    [id, authorId],
  );
  return id;
}

/** A reply written past RLS. */
export async function makeReply(
  stack: TestStack,
  threadId: string,
  authorId: string,
  content = 'A test reply',
): Promise<string> {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.posts (id, thread_id, author_id, content, type) values ($1, $2, $3, $4, 'reply')`,
    [id, threadId, authorId, content],
  );
  return id;
}
