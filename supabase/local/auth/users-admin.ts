// /admin/users: the service_role API that lists, creates, reads, updates and deletes accounts.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { createUser } from './create-user.ts';
import { authError, databaseRefusal, validationFailed } from './errors.ts';
import { requireAdmin } from './guard.ts';
import { EMAIL_PATTERN, normalizeEmail, parseInput } from './input.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { findUserByEmail, findUserById, listUsers, userJson } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const userNotFound = () => authError(404, 'user_not_found', 'User not found');

const AdminUserBody = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  user_metadata: z.record(z.string(), z.unknown()).nullish(),
  app_metadata: z.record(z.string(), z.unknown()).nullish(),
  ban_duration: z.string().nullish(),
  role: z.string().nullish(),
});

/** "none" lifts a ban; otherwise a Go duration such as "24h", "1h30m" or "876000h", as GoTrue takes. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== duration) {
    throw validationFailed(`invalid format for ban duration: ${duration}`);
  }
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * (unit[p[2] ?? 's'] ?? 0), 0);
  return new Date(Date.now() + ms);
}

async function list(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const page = Math.max(1, Number(req.url.searchParams.get('page')) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(req.url.searchParams.get('per_page')) || 50));
  const users = await listUsers(ctx.db, perPage, (page - 1) * perPage);
  const { rows } = await ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users');
  const total = rows[0]?.n ?? 0;
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
  return {
    status: 200,
    headers: { 'x-total-count': String(total), link: links.join(', ') },
    body: { users: await Promise.all(users.map((u) => userJson(ctx.db, u))), aud: 'authenticated' },
  };
}

async function create(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const body = parseInput(req, AdminUserBody);
  if (!body.email) throw validationFailed('Unable to validate email address: invalid format');
  const email = normalizeEmail(body.email);
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  if (body.password) assertAcceptablePassword(body.password);
  const passwordHash = body.password ? await hashPassword(body.password, ctx.passwordHashCost) : null;
  const user = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const created = await createUser(tx, {
      email,
      passwordHash,
      userMetadata: body.user_metadata ?? {},
      appMetadata: body.app_metadata ?? {},
      confirmed: body.email_confirm === true,
      role: body.role ?? undefined,
    });
    if (body.ban_duration) {
      await tx.query('update auth.users set banned_until = $2 where id = $1', [
        created.id,
        banUntil(body.ban_duration),
      ]);
    }
    return userJson(tx, (await findUserById(tx, created.id)) ?? created);
  });
  return { status: 200, body: user };
}

async function update(req: ApiRequest, ctx: StackContext, id: string): Promise<ApiResponse> {
  const body = parseInput(req, AdminUserBody);
  if (body.password) assertAcceptablePassword(body.password);
  const passwordHash = body.password ? await hashPassword(body.password, ctx.passwordHashCost) : undefined;
  const email = body.email ? normalizeEmail(body.email) : undefined;
  if (email !== undefined && !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  const bannedUntil = body.ban_duration ? banUntil(body.ban_duration) : undefined;
  const user = await ctx.db.transaction(async (tx) => {
    const current = await findUserById(tx, id);
    if (!current) throw userNotFound();
    try {
      const set = async (sql: string, value: unknown) =>
        tx.query(`update auth.users set ${sql}, updated_at = now() where id = $1`, [id, value]);
      if (passwordHash) await set('encrypted_password = $2', passwordHash);
      if (email && email !== current.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== id) {
          throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        await set('email = $2', email);
      }
      if (body.email_confirm === true) {
        await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
          id,
        ]);
      }
      if (body.user_metadata) {
        await set(
          'raw_user_meta_data = $2',
          JSON.stringify({ ...(current.raw_user_meta_data ?? {}), ...body.user_metadata }),
        );
      }
      if (body.app_metadata) {
        await set(
          'raw_app_meta_data = $2',
          JSON.stringify({ ...(current.raw_app_meta_data ?? {}), ...body.app_metadata }),
        );
      }
      if (body.role) await set('role = $2', body.role);
      if (bannedUntil !== undefined) {
        await set('banned_until = $2', bannedUntil);
        // A ban takes effect at once: the banned user's sessions end, so no refresh keeps them in.
        if (bannedUntil) await tx.query('delete from auth.sessions where user_id = $1', [id]);
      }
    } catch (e) {
      throw databaseRefusal(e, 'updating user') ?? e;
    }
    return userJson(tx, (await findUserById(tx, id)) ?? current);
  });
  return { status: 200, body: user };
}

async function remove(ctx: StackContext, id: string): Promise<ApiResponse> {
  await ctx.db.transaction(async (tx) => {
    try {
      const { rows } = await tx.query('delete from auth.users where id = $1 returning id', [id]);
      if (rows.length === 0) throw userNotFound();
    } catch (e) {
      throw databaseRefusal(e, 'deleting user') ?? e;
    }
  });
  return { status: 200, body: {} };
}

export async function adminUsers(req: ApiRequest, ctx: StackContext, id: string | undefined): Promise<ApiResponse> {
  await requireAdmin(req, ctx);
  if (id === undefined) {
    if (req.method === 'GET') return list(req, ctx);
    if (req.method === 'POST') return create(req, ctx);
    throw authError(405, 'method_not_allowed', `${req.method} is not allowed on /admin/users`);
  }
  if (!UUID.test(id)) throw userNotFound();
  if (req.method === 'GET') {
    const user = await findUserById(ctx.db, id);
    if (!user) throw userNotFound();
    return { status: 200, body: await userJson(ctx.db, user) };
  }
  if (req.method === 'PUT') return update(req, ctx, id);
  if (req.method === 'DELETE') return remove(ctx, id);
  throw authError(405, 'method_not_allowed', `${req.method} is not allowed on /admin/users/{id}`);
}
